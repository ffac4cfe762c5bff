import type { BrowserContext, Page, Request } from '@playwright/test'
import { type DemoStack, expect, passphrase, test } from './support/embeddedStack.js'
import { connectedAddress, disconnectFromAccount, secureFrame } from './support/modalFrame.js'

const providers = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
type Provider = (typeof providers)[number]

const embeddedPage = (stack: DemoStack, query = '') => `${stack.demoUrl}/embedded/${query}`
/**
 * Everything the host page is handed, recorded from its first script on: each message its window gets
 * (the callback window's post included) and each message on a MessagePort it listens to (the frame's
 * answers), as JSON.
 */
function recordHostMessages() {
  const seen: string[] = []
  Object.assign(window, { __hostMessages: seen })
  const record = (where: string) => (event: MessageEvent) => {
    let text: string
    try {
      text = JSON.stringify(event.data)
    } catch {
      text = String(event.data)
    }
    seen.push(`${where} ${event.origin} ${text}`)
  }
  window.addEventListener('message', record('window'), true)
  const listen = MessagePort.prototype.addEventListener
  MessagePort.prototype.addEventListener = function (
    this: MessagePort,
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ) {
    if (type === 'message') listen.call(this, 'message', record('port') as EventListener, options)
    listen.call(this, type, listener, options)
  }
}

/**
 * What must never reach the host: the provider's authorization codes (read off the browser's requests
 * to the auth service's callback) and each session token the auth service gave the frame (read off its
 * answers). The authorize URL, with its state, is the host's to send the popup to; the state is useless
 * without the PKCE verifier the auth service keeps. Tickets are collected too: the host may see one only as the
 * callback window's result message, never in its storage, cookies or address.
 */
function watchSecrets(context: BrowserContext) {
  const secrets = { codes: [] as string[], tokens: [] as string[], tickets: [] as string[] }
  const appleForms: string[] = []
  const onRequest = (request: Request) => {
    const url = new URL(request.url())
    if (!url.pathname.startsWith('/auth/v1/social/callback/')) return
    const fields = new URLSearchParams(request.postData() ?? url.search)
    const code = fields.get('code') ?? url.searchParams.get('code')
    if (code) secrets.codes.push(code)
    if (url.pathname.endsWith('/apple')) appleForms.push(request.postData() ?? '')
  }
  context.on('request', onRequest)
  context.on('response', async (response) => {
    const path = new URL(response.url()).pathname
    if (path.startsWith('/auth/v1/social/callback/')) {
      const ticket = /"resultUri":"([A-Za-z0-9_-]{43})"/.exec(await response.text().catch(() => ''))?.[1]
      if (ticket) secrets.tickets.push(ticket)
    }
    if (path === '/auth/v1/social/redeem' && response.ok()) {
      const body = (await response.json().catch(() => ({}))) as { session?: { token?: string } }
      if (body.session?.token) secrets.tokens.push(body.session.token)
    }
  })
  return { secrets, appleForms }
}

/** Issue 35, acceptance 4: nothing secret in what the host received, its storage, cookies or address. */
async function expectNothingSecret(page: Page, secrets: ReturnType<typeof watchSecrets>['secrets']) {
  await expect.poll(() => secrets.tokens.length).toBeGreaterThan(0)
  const messages =
    (await page.evaluate(() => (window as unknown as { __hostMessages: string[] }).__hostMessages)) ?? []
  const storage = await page.evaluate(() =>
    JSON.stringify([Object.entries(localStorage), Object.entries(sessionStorage), document.cookie]),
  )
  const cookies = JSON.stringify(await page.context().cookies(page.url()))
  const kept = `${storage}\n${cookies}\n${page.url()}`
  for (const secret of [...secrets.codes, ...secrets.tokens]) {
    expect(messages.filter((message) => message.includes(secret))).toEqual([])
    expect(kept).not.toContain(secret)
  }
  for (const ticket of secrets.tickets) {
    expect(kept).not.toContain(ticket)
    // Only the callback window's own result message carries it (useless without the frame's device key).
    for (const message of messages.filter((m) => m.includes(ticket)))
      expect(message).toMatch(
        /^window \S+ \{"type":"PAIRWISE_SOCIAL_RESULT","resultUri":"[A-Za-z0-9_-]{43}"\}$/,
      )
  }
  // No key material of any kind: no private key or seed, no JWT (ID token), no PEM.
  for (const text of [...messages, kept]) {
    expect(text).not.toMatch(/0x[0-9a-fA-F]{64}(?![0-9a-fA-F])/)
    expect(text).not.toMatch(/eyJ[\w-]+\.eyJ[\w-]+\./)
    expect(text).not.toContain('PRIVATE KEY')
  }
}

async function openConnect(page: Page) {
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  return page.getByRole('dialog')
}

// Disconnecting waits up to signOutWaitMs (3 s) for the secure frame's sign-out, then the page hears of it:
// in a CI run with both workers logging in at once, the page had not heard of it after expect's 5 s default.
const SIGN_OUT_MS = 15_000

async function signOut(page: Page) {
  await disconnectFromAccount(page)
  const account = page.getByTestId('embedded-account')
  // A refused disconnect says why in the dialog: the failure then names it instead of timing out.
  const refused = page.getByRole('dialog').getByRole('alert')
  await expect(account.filter({ hasText: /^Not connected\.$/ }).or(refused)).toBeVisible({
    timeout: SIGN_OUT_MS,
  })
  await expect(refused).toHaveCount(0)
  await expect(account).toHaveText('Not connected.')
}

/** A popup login: the provider's window opens from the click, signs in, and hands the ticket back. */
async function popupLogin(page: Page, stack: DemoStack, provider: Provider, first: boolean) {
  await page.goto(embeddedPage(stack))
  const dialog = await openConnect(page)
  const opened = page.waitForEvent('popup')
  await dialog.getByTestId(`social-${provider}`).click()
  const popup = await opened
  // The window ends by closing itself once it handed the result over.
  await popup.waitForEvent('close', { timeout: 30_000 })
  if (first) await setPassphrase(page)
  return connectedAddress(page)
}

/** The first login makes the wallet: its recovery passphrase is set inside the secure frame. */
async function setPassphrase(page: Page) {
  await secureFrame(page).getByTestId('frame-passphrase-input').fill(passphrase, { timeout: 30_000 })
  await secureFrame(page).getByTestId('frame-passphrase-submit').click()
}

/** The whole page goes to the provider and comes back with the ticket, which is stripped on read. */
async function redirectLogin(page: Page, stack: DemoStack, provider: Provider, query: string) {
  await page.goto(embeddedPage(stack, query))
  const dialog = await openConnect(page)
  const back = page.waitForRequest(
    (request) => request.isNavigationRequest() && request.url().includes('pw_result='),
    { timeout: 30_000 },
  )
  await dialog.getByTestId(`social-${provider}`).click()
  await back
  const address = await connectedAddress(page)
  expect(page.url()).not.toContain('pw_result')
  expect(page.url()).toBe(embeddedPage(stack, query))
  return address
}

// The providers share nothing, so both workers take them: in series they were the browser phase's last two minutes.
test.describe.configure({ mode: 'parallel', timeout: 240_000 })

// The blocked popup's fallback is the modal's own (window.open gave null, so the page goes by redirect): one
// provider shows it; each provider's own steps are its popup and redirect logins.
const blockedPopupProvider: Provider = 'apple'

for (const provider of providers)
  test(`SOC-04 ${provider}: a popup login and a redirect login${provider === blockedPopupProvider ? ', then a blocked popup falling back to a redirect,' : ''} log the same user into the same address, and the host page receives nothing secret`, async ({
    browser,
    stack,
  }) => {
    const context = await browser.newContext()
    await context.addInitScript(recordHostMessages)
    const { secrets, appleForms } = watchSecrets(context)
    const page = await context.newPage()

    const address = await popupLogin(page, stack, provider, true)
    await expectNothingSecret(page, secrets)
    await signOut(page)

    expect(await redirectLogin(page, stack, provider, '?socialMode=redirect')).toBe(address)
    await expectNothingSecret(page, secrets)

    if (provider === blockedPopupProvider) {
      await signOut(page)
      // A popup blocker: window.open gives null, and the login goes by redirect instead.
      await page.addInitScript(() => {
        window.open = () => null
      })
      expect(await redirectLogin(page, stack, provider, '')).toBe(address)
      await expectNothingSecret(page, secrets)
    }

    if (provider === 'apple') {
      // Apple sends the name (its `user` form field) on the first authorization only; the later ones work without.
      expect(appleForms).toHaveLength(3)
      expect(appleForms[0]).toContain('user=')
      expect(appleForms.slice(1).every((form) => !form.includes('user='))).toBe(true)
    }
    await context.close()
  })
