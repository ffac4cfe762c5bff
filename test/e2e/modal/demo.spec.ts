import type { Page } from '@playwright/test'
import { createPublicClient, formatUnits, http, parseEther, verifyMessage } from 'viem'
import { demoDistDir, serveDemo } from '../../../services/index.js'
import { testWalletInfo } from '../../support/browserWallet.js'
import { startChainFixture } from '../../support/chain.js'
import { connectTestWallet, expect, openAccount, test } from './fixtures.js'

test('DEMO-12 CONN-11 connect the announced test wallet; Account shows the address and the chain’s tETH balance', async ({
  page,
  stack,
  wallet,
}) => {
  await page.goto(stack.demoUrl)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: new RegExp(testWalletInfo.name) }).click()
  await expect(page.getByTestId('demo-address')).toHaveText(wallet.address)
  await expect(dialog).toBeHidden()

  await page.getByTestId('account-button').click()
  const account = page.getByRole('dialog', { name: 'Account' })
  await expect(account.getByTestId('account-address')).toHaveAttribute('title', wallet.address)
  const client = createPublicClient({ transport: http(stack.chain.rpcUrl) })
  const balance = await client.getBalance({ address: wallet.address })
  // In the modal's locale (English here): grouped, at most four decimals, cut.
  const tokens = formatUnits(balance, 18) as `${number}`
  const shown = new Intl.NumberFormat('en', { maximumFractionDigits: 4, roundingMode: 'trunc' }).format(
    tokens,
  )
  await expect(account.getByTestId('account-balance')).toHaveText(`${shown} tETH`)
})

test('CALL-06 sign a message (verified) and send 0.01 tETH (balance drops), through wagmi hooks', async ({
  page,
  stack,
  wallet,
}) => {
  await connectTestWallet(page, stack.demoUrl, wallet.address)
  await page.getByTestId('sign-message').click()
  const signature = (await page.getByTestId('signature').textContent()) as `0x${string}`
  expect(
    await verifyMessage({ address: wallet.address, message: 'Hello from the Pairwise demo', signature }),
  ).toBe(true)

  const client = createPublicClient({ transport: http(stack.chain.rpcUrl) })
  const recipient = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
  const [senderBefore, recipientBefore] = await Promise.all([
    client.getBalance({ address: wallet.address }),
    client.getBalance({ address: recipient }),
  ])
  await page.getByTestId('send-transaction').click()
  await expect(page.getByTestId('tx-status')).toHaveText('success')
  expect(await client.getBalance({ address: recipient })).toBe(recipientBefore + parseEther('0.01'))
  expect(await client.getBalance({ address: wallet.address })).toBeLessThan(senderBefore - parseEther('0.01'))
})

test('a request the wallet rejects shows the error on the page; the session stays connected', async ({
  page,
  stack,
  wallet,
}) => {
  await connectTestWallet(page, stack.demoUrl, wallet.address)
  wallet.rejectNext('personal_sign')
  await page.getByTestId('sign-message').click()
  await expect(page.getByTestId('sign-error')).toContainText(/reject/i)
  await expect(page.getByTestId('demo-address')).toHaveText(wallet.address)
})

/** Records, for each eth_requestAccounts the page sends the announced wallet, whether the Connecting view was on screen. */
function recordAccountRequests() {
  const asked: boolean[] = []
  Object.defineProperty(window, '__accountRequests', { value: asked })
  const connectingShown = (root: Document | ShadowRoot): boolean =>
    root.querySelector('[data-testid="connecting-external"]') !== null ||
    [...root.querySelectorAll('*')].some(
      (element) => element.shadowRoot && connectingShown(element.shadowRoot),
    )
  window.addEventListener('eip6963:announceProvider', (event) => {
    const provider = (
      event as CustomEvent<{ provider: { request(args: { method: string }): Promise<unknown> } }>
    ).detail.provider
    if (Object.hasOwn(provider, '__recorded')) return
    Object.defineProperty(provider, '__recorded', { value: true })
    const request = provider.request.bind(provider)
    provider.request = (args) => {
      if (args.method === 'eth_requestAccounts') asked.push(connectingShown(document))
      return request(args)
    }
  })
}
const accountRequests = (page: Page) =>
  page.evaluate(() => (window as unknown as { __accountRequests: boolean[] }).__accountRequests)

test('a wallet that declines the connection shows "Connection declined" with a retry that works; the pick asks the wallet before the Connecting view renders, and each try asks once', async ({
  page,
  stack,
  wallet,
}) => {
  await page.addInitScript(recordAccountRequests)
  await page.goto(stack.demoUrl)
  wallet.rejectNext('eth_requestAccounts')
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: new RegExp(testWalletInfo.name) }).click()
  await expect(dialog.getByRole('alert')).toContainText('Connection declined')
  expect(await accountRequests(page)).toEqual([false])
  await dialog.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByTestId('demo-address')).toHaveText(wallet.address)
  expect(await accountRequests(page)).toEqual([false, true])
})

test('reload while connected: connected again without opening the modal; disconnect returns to Connect', async ({
  page,
  stack,
  wallet,
}) => {
  await connectTestWallet(page, stack.demoUrl, wallet.address)
  await page.reload()
  await expect(page.getByTestId('demo-address')).toHaveText(wallet.address)
  await expect(page.getByTestId('account-button')).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)

  const account = await openAccount(page)
  await account.getByRole('button', { name: 'Disconnect' }).click()
  await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
  await expect(page.getByTestId('demo-address')).toHaveCount(0)
  await page.reload()
  await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
  await expect(page.getByTestId('demo-address')).toHaveCount(0)
})

test('CHAIN-02 CHAIN-03 switch to a second local network the wallet does not know: added, then active in the modal and in wagmi', async ({
  page,
  stack,
  wallet,
}) => {
  const second = await startChainFixture({ chainId: 31338 })
  const demo = await serveDemo({
    dir: demoDistDir(),
    host: '127.0.0.1',
    port: 0,
    config: {
      networks: [
        { id: stack.chain.chainId, name: 'Anvil', rpcUrl: stack.chain.rpcUrl },
        { id: second.chainId, name: 'Anvil Two', rpcUrl: second.rpcUrl },
      ],
    },
  })
  try {
    await connectTestWallet(page, demo.url, wallet.address)
    await page.getByTestId('account-button').click()
    const dialog = page.getByRole('dialog')
    await dialog.getByTestId('account-network').click()
    await expect(dialog.getByRole('heading', { name: 'Choose Network' })).toBeVisible()
    await dialog.getByRole('button', { name: /Anvil Two/ }).click()
    await expect(dialog.getByTestId('account-network')).toContainText('Anvil Two')
    await expect(page.getByText(/on Anvil Two/)).toBeVisible()
    expect(await wallet.request({ method: 'eth_chainId' })).toBe('0x7a6a')
  } finally {
    await demo.close()
    await second.stop()
  }
})
