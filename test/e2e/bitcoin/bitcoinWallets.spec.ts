import type { Page } from '@playwright/test'
import { Verifier } from 'bip322-js'
import { esploraBalance, freshAddress, installBitcoinTestWallet } from '../../support/bitcoinWallet/index.js'
import { expect, test } from '../modal/fixtures.js'
import { sendWithPageForm, withBitcoinNetwork } from './bitcoinPage.js'

test.describe.configure({ timeout: 180_000 })

const dialog = (page: Page) => page.getByRole('dialog')
const networkName = 'Bitcoin Regtest (local)'

for (const family of ['standard', 'satsConnect'] as const) {
  test(`CONN-14 a Bitcoin wallet connects, and its payment and ordinal accounts are exposed: the ${family} test wallet on examples/multichain shows both with publicKey and path, signs BIP-322, sends 12,345 sats the regtest node confirms, and reconnects after a reload`, async ({
    page,
    stack,
  }) => {
    const node = stack.urls.find((u) => u.part === 'bitcoin')?.url
    if (!node) throw new Error('the stack runs no Bitcoin chain')
    const esplora = `${node}/api`
    const name = family === 'standard' ? 'Pairwise Bitcoin Standard' : 'Pairwise Bitcoin Sats'
    const wallet = await installBitcoinTestWallet(page, {
      family,
      name,
      seed: `e2e-${family}-${test.info().workerIndex}-${Date.now()}`,
      esplora: { regtest: esplora },
    })
    const [payment, ordinal] = wallet.accounts as [(typeof wallet.accounts)[0], (typeof wallet.accounts)[0]]
    await withBitcoinNetwork(page, networkName, esplora)
    await page.goto(`${stack.demoUrl}/multichain/`)
    await page.locator('appkit-button').getByRole('button').click()
    await dialog(page)
      .getByRole('button', { name: new RegExp(name) })
      .click()
    await expect(page.getByTestId('mc-account')).toContainText(`bip122: ${payment.address} on ${networkName}`)
    const accounts = page.getByTestId('mc-btc-accounts')
    await expect(accounts).toContainText(`0 payment p2wpkh ${payment.address}`)
    await expect(accounts).toContainText(`1 ordinal p2tr ${ordinal.address}`)
    for (const account of [payment, ordinal]) {
      await expect(accounts).toContainText(`publicKey ${account.publicKey}`)
      await expect(accounts).toContainText(`path ${account.path}`)
    }
    if (await dialog(page).isVisible()) await page.keyboard.press('Escape')

    // BIP-322 "simple", checked by bip322-js, a verifier that is none of ours.
    await page.getByTestId('mc-btc-sign').click()
    await expect(page.getByTestId('mc-btc-signature')).toContainText('signature: ')
    const signed = (await page.getByTestId('mc-btc-signature').textContent()) ?? ''
    const message = /message: (.*)\n/.exec(signed)?.[1] ?? ''
    const signature = /signature: (\S+)/.exec(signed)?.[1] ?? ''
    expect(signed).toContain(`address: ${payment.address}`)
    expect(Verifier.verifySignature(payment.address, message, signature)).toBe(true)

    const post = (path: string, body: unknown) =>
      fetch(`${node}${path}`, { method: 'POST', body: JSON.stringify(body) }).then((r) => r.json())
    await post('/regtest/faucet', { address: payment.address, sats: 1_000_000 })
    const recipient = freshAddress(`e2e-recipient-${Date.now()}`)
    const txid = await sendWithPageForm(page, recipient, 12_345)
    await post('/regtest/mine', {})
    const tx = (await (await fetch(`${esplora}/tx/${txid}`)).json()) as {
      fee: number
      status: { confirmed: boolean }
    }
    expect(tx.status.confirmed).toBe(true)
    expect(await esploraBalance(esplora, recipient)).toBe(12_345)
    expect(await esploraBalance(esplora, payment.address)).toBe(1_000_000 - 12_345 - tx.fee)

    const before = wallet.calls.length
    await page.reload()
    await expect(page.getByTestId('mc-account')).toContainText(`bip122: ${payment.address} on ${networkName}`)
    await expect(accounts).toContainText(`1 ordinal p2tr ${ordinal.address}`)
    // Back without a prompt: the silent call of the family, never its connect.
    const methods = wallet.calls.slice(before).map((c) => c.method)
    expect(methods).toContain(family === 'standard' ? 'standard:connect' : 'wallet_getAccount')
    expect(methods).not.toContain(family === 'standard' ? 'bitcoin:connect' : 'getAccounts')
  })
}
