import type { BrowserContext, Page } from '@playwright/test'
import { clientPaths } from '../../../services/farcasterRelay/testClient/clientPage.js'
import { type DemoStack, expect, passphrase, test } from './support/embeddedStack.js'
import { connectedAddress, disconnectFromAccount, secureFrame } from './support/modalFrame.js'

const embeddedPage = (stack: DemoStack) => `${stack.demoUrl}/embedded/`
/** What the test Farcaster client is told to sign other than asked: a signer, a nonce, a domain. */
type Approval = { signer?: 'custody' | 'authAddress' | 'stranger'; nonce?: string; domain?: string }

/**
 * Farcaster's button in the modal, and the sign-in link ConnectingFarcaster shows: a QR code and a link
 * a Farcaster app opens, both of the local relay's channel.
 */
async function startFarcaster(page: Page, stack: DemoStack): Promise<string> {
  await page.goto(embeddedPage(stack))
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByTestId('social-farcaster').click()
  return shownLink(page)
}

async function shownLink(page: Page): Promise<string> {
  const view = page.getByRole('dialog').getByTestId('connecting-farcaster')
  await expect(view.getByTestId('farcaster-qr')).toBeVisible({ timeout: 30_000 })
  const link = await view.getByTestId('farcaster-link').getAttribute('href')
  expect(link).toMatch(/^farcaster:\/\/connect\?channelToken=[A-Za-z0-9_-]{43}&nonce=[0-9a-f]{32}&/)
  return link ?? ''
}

/** The test Farcaster client, opened on the link as a phone's app would be, approves as the test fid. */
async function approveInClient(context: BrowserContext, stack: DemoStack, link: string, told: Approval = {}) {
  const client = await context.newPage()
  await client.goto(`${stack.farcasterRelayUrl}${clientPaths.page}?uri=${encodeURIComponent(link)}`)
  await expect(client.getByTestId('farcaster-client-uri')).toHaveValue(link)
  if (told.signer) await client.getByTestId('farcaster-client-signer').selectOption(told.signer)
  if (told.nonce) await client.getByTestId('farcaster-client-nonce').fill(told.nonce)
  if (told.domain) await client.getByTestId('farcaster-client-domain').fill(told.domain)
  await client.getByTestId('farcaster-client-approve').click()
  // The relay takes what the app signed, whatever it is: the auth service is the one that checks it.
  await expect(client.getByTestId('farcaster-client-result')).toHaveAttribute('data-state', 'approved')
  await client.close()
}

async function signOut(page: Page) {
  await disconnectFromAccount(page)
  await expect(page.getByTestId('embedded-account')).toHaveText('Not connected.')
}

test.describe.configure({ timeout: 240_000 })

test('SOC-05 Farcaster in the modal: a QR code and a link, the test client approves as the test fid, and the modal ends logged in; the same fid twice (custody, then its auth address) is the same address', async ({
  browser,
  stack,
}) => {
  const context = await browser.newContext()
  const page = await context.newPage()

  await approveInClient(context, stack, await startFarcaster(page, stack))
  // The fid's first login makes its wallet: the recovery passphrase is set in the secure frame.
  await secureFrame(page).getByTestId('frame-passphrase-input').fill(passphrase, { timeout: 30_000 })
  await secureFrame(page).getByTestId('frame-passphrase-submit').click()
  const address = await connectedAddress(page)
  await signOut(page)

  await approveInClient(context, stack, await startFarcaster(page, stack), { signer: 'authAddress' })
  expect(await connectedAddress(page)).toBe(address)
  await context.close()
})

test('SOC-05 a wrong nonce, a wrong domain, and a signer that is neither the custody nor an auth address of the fid are refused, and nobody is logged in', async ({
  browser,
  stack,
}) => {
  const context = await browser.newContext()
  const page = await context.newPage()
  const cases: [Approval, RegExp][] = [
    [{ nonce: 'abcdef0123456789' }, /Invalid nonce/],
    [{ domain: 'evil.example' }, /Invalid domain/],
    [{ signer: 'stranger' }, /is not an auth address or the custody address of fid/],
  ]
  let link = await startFarcaster(page, stack)
  for (const [told, reason] of cases) {
    await approveInClient(context, stack, link, told)
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByTestId('farcaster-error')).toHaveText(reason, { timeout: 30_000 })
    await expect(page.getByTestId('embedded-account')).toHaveText('Not connected.')
    // Try again opens another channel, with a nonce of its own.
    await dialog.getByTestId('farcaster-retry').click()
    const next = await shownLink(page)
    expect(next).not.toBe(link)
    link = next
  }
  await context.close()
})
