import { createPublicClient, http } from 'viem'
import { formatAmount } from '../../../examples/demo/src/formatAmount.js'
import { injectTestWallet, testWalletInfo } from '../../support/browserWallet.js'
import { TestWallet } from '../../support/testWallet.js'
import { connectTestWallet, expect, test } from './fixtures.js'

const loopback = new Set(['127.0.0.1', 'localhost', '[::1]'])

test('DEMO-10 one root document in English with a viewport meta tag and the modal element', async ({
  page,
  stack,
}) => {
  await page.goto(stack.demoUrl)
  await expect(page.locator('pairwise-modal')).toHaveCount(1)
  expect(page.frames()).toHaveLength(1)
  const root = await page.evaluate(() => ({
    roots: document.querySelectorAll('html').length,
    lang: document.documentElement.lang,
    viewports: [...document.querySelectorAll('meta[name="viewport"]')].map((m) => m.getAttribute('content')),
  }))
  expect(root).toEqual({ roots: 1, lang: 'en', viewports: ['width=device-width, initial-scale=1'] })
  await expect(page.locator('appkit-button')).toHaveCount(1)
})

test('DEMO-05 the demo sets theme mode dark, and the open modal renders with the dark theme', async ({
  page,
  stack,
}) => {
  await page.goto(stack.demoUrl)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  await expect(dialog).toBeVisible()
  // The dark palette's card and text colours (#191a1a on #f5f5f5), not the light one's.
  await expect(dialog).toHaveCSS('background-color', 'rgb(25, 26, 26)')
  await expect(dialog).toHaveCSS('color', 'rgb(245, 245, 245)')
})

test('OPEN-11 outside embedded mode a closed modal is hidden: not visible, nothing in it focusable', async ({
  page,
  stack,
}) => {
  await page.goto(stack.demoUrl)
  await expect(page.locator('pairwise-modal')).toHaveCount(1)
  const host = page.locator('pairwise-modal')
  const dialog = page.getByRole('dialog')

  /** Tabs through the whole page and says whether focus ever went into the modal's host. */
  const tabsIntoModal = async () => {
    await page.locator('body').focus()
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab')
      if (await page.evaluate(() => document.activeElement?.localName === 'pairwise-modal')) return true
    }
    return false
  }

  await expect(dialog).toHaveCount(0)
  await expect(host.getByRole('button')).toHaveCount(0)
  expect(await tabsIntoModal()).toBe(false)

  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(host.getByRole('button')).toHaveCount(0)
  expect(await tabsIntoModal()).toBe(false)
})

test('DEMO-07 with email and socials off, Connect shows neither an email field nor a social login button', async ({
  page,
  stack,
}) => {
  await page.goto(stack.demoUrl)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  await expect(dialog.getByRole('button', { name: /WalletConnect/ })).toBeVisible()
  await expect(dialog.getByRole('textbox')).toHaveCount(0)
  await expect(dialog.locator('input[type="email"]')).toHaveCount(0)
  await expect(dialog.getByText(/e-?mail/i)).toHaveCount(0)
  await expect(
    dialog.getByRole('button', { name: /google|apple|discord|github|facebook|farcaster|\bX\b|social/i }),
  ).toHaveCount(0)
})

test('DEMO-08 with onramp and swaps off, Account offers neither Buy nor Swap', async ({
  page,
  stack,
  wallet,
}) => {
  await connectTestWallet(page, stack.demoUrl, wallet.address)
  await page.getByTestId('account-button').click()
  const account = page.getByRole('dialog', { name: 'Account' })
  await expect(account.getByTestId('account-address')).toHaveAttribute('title', wallet.address)
  await expect(account.getByRole('button', { name: 'Disconnect' })).toBeVisible()
  await expect(account.getByRole('button', { name: /buy|onramp/i })).toHaveCount(0)
  await expect(account.getByRole('button', { name: /swap/i })).toHaveCount(0)
  await expect(account.getByRole('link', { name: /buy|onramp|swap/i })).toHaveCount(0)
})

test('DEMO-03 the demo network’s RPC addresses are loopback, and the balance shown is read from the local chain through them', async ({
  page,
  stack,
  wallet,
}) => {
  const balanceReads: string[] = []
  const hosts = new Set<string>()
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.protocol.startsWith('http') || url.protocol.startsWith('ws')) hosts.add(url.hostname)
    if (request.method() === 'POST' && request.postData()?.includes('eth_getBalance'))
      balanceReads.push(request.url())
  })
  await page.goto(stack.demoUrl)
  const configured = await page.evaluate(
    () =>
      JSON.parse(document.getElementById('pairwise-demo-config')?.textContent ?? '{}') as {
        networks?: { rpcUrl: string }[]
      },
  )
  const rpcUrls = configured.networks?.map((n) => new URL(n.rpcUrl).href) ?? []
  expect(rpcUrls.length).toBeGreaterThan(0)
  for (const url of rpcUrls) expect(loopback.has(new URL(url).hostname)).toBe(true)

  await connectTestWallet(page, stack.demoUrl, wallet.address)
  const chainBalance = await createPublicClient({ transport: http(stack.chain.rpcUrl) }).getBalance({
    address: wallet.address,
  })
  const tEth = { decimals: 18, symbol: 'tETH' }
  await expect(page.getByTestId('demo-balance-amount')).toHaveText(
    formatAmount(chainBalance, tEth, await page.evaluate(() => navigator.language)),
  )
  expect(balanceReads.length).toBeGreaterThan(0)
  for (const url of balanceReads) expect(rpcUrls).toContain(url)
  expect([...hosts].filter((h) => !loopback.has(h))).toEqual([])
})

test('CONN-10 an injected EVM wallet (window.ethereum, no announcement) connects, and Account shows its address', async ({
  page,
  stack,
}) => {
  const wallet = new TestWallet({
    chains: { [stack.chain.chainId]: stack.chain.rpcUrl },
    chainId: stack.chain.chainId,
  })
  await injectTestWallet(page, wallet, { announce: false, injectWindowEthereum: true })
  await page.goto(stack.demoUrl)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  await expect(dialog.getByRole('button', { name: new RegExp(testWalletInfo.name) })).toHaveCount(0)
  await dialog.getByRole('button', { name: /Browser Wallet/ }).click()
  await expect(page.getByTestId('demo-address')).toHaveText(wallet.address)
  await page.getByTestId('account-button').click()
  const account = page.getByRole('dialog', { name: 'Account' })
  await expect(account.getByTestId('account-address')).toHaveAttribute('title', wallet.address)
})
