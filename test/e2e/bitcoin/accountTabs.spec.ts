import type { Page } from '@playwright/test'
import { freshAddress, installBitcoinTestWallet } from '../../support/bitcoinWallet/index.js'
import { expect, test } from '../modal/fixtures.js'
import { sendWithPageForm, withBitcoinNetwork } from './bitcoinPage.js'

test.describe.configure({ timeout: 180_000 })

const dialog = (page: Page) => page.getByRole('dialog')
const networkName = 'Bitcoin Regtest (local)'

test('VIEW-06 a Bitcoin account’s Tokens and Activity come from the stack’s api on the regtest chain: tBTC confirmed and unconfirmed, the faucet’s payment in and a send out', async ({
  page,
  stack,
}) => {
  const node = stack.urls.find((u) => u.part === 'bitcoin')?.url
  if (!node) throw new Error('the stack runs no Bitcoin chain')
  const esplora = `${node}/api`
  const name = 'Pairwise Bitcoin Standard'
  const wallet = await installBitcoinTestWallet(page, {
    family: 'standard',
    name,
    seed: `e2e-tabs-${test.info().workerIndex}-${Date.now()}`,
    esplora: { regtest: esplora },
  })
  const [payment] = wallet.accounts
  if (!payment) throw new Error('the test wallet has no payment account')
  await withBitcoinNetwork(page, networkName, esplora)
  await page.goto(`${stack.demoUrl}/multichain/`)
  await page.locator('appkit-button').getByRole('button').click()
  await dialog(page)
    .getByRole('button', { name: new RegExp(name) })
    .click()
  await expect(page.getByTestId('mc-account')).toContainText(`bip122: ${payment.address} on ${networkName}`)
  if (await dialog(page).isVisible()) await page.keyboard.press('Escape')

  const faucet = await fetch(`${node}/regtest/faucet`, {
    method: 'POST',
    body: JSON.stringify({ address: payment.address, sats: 2_500_000 }),
  })
  expect(faucet.status).toBe(200)
  const recipient = freshAddress(`e2e-tabs-recipient-${Date.now()}`)
  const txid = await sendWithPageForm(page, recipient, 1_230_000)
  const { fee } = (await (await fetch(`${esplora}/tx/${txid}`)).json()) as { fee: number }

  // Unconfirmed, the send already counts: 0.025 − 0.0123 − the fee, cut to four decimals.
  await page.locator('appkit-button').getByRole('button').click()
  const account = page.getByRole('dialog', { name: 'Account' })
  await expect(account.getByTestId('account-address')).toHaveAttribute('title', payment.address)
  await account.getByRole('tab', { name: 'Tokens' }).click()
  const left = (2_500_000 - 1_230_000 - fee) / 1e8
  await expect(account.getByTestId('token').filter({ hasText: 'Regtest Bitcoin' })).toContainText(
    `${(Math.trunc(left * 1e4) / 1e4).toFixed(4)} tBTC`,
  )
  await account.getByRole('tab', { name: 'Activity' }).click()
  const items = account.getByTestId('activity-item')
  await expect(items).toHaveCount(2)
  await expect(items.nth(0)).toContainText(`Sent to ${recipient.slice(0, 6)}…${recipient.slice(-4)}`)
  await expect(items.nth(0)).toContainText('−0.0123 tBTC')
  await expect(items.nth(1)).toContainText('+0.025 tBTC')
})
