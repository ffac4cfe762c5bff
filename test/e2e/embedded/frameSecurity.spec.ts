import type { Page } from '@playwright/test'
import {
  createPublicClient,
  type Hex,
  http,
  parseEther,
  stringToHex,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { bytesToBase64url } from '../../../crypto/encoding.js'
import { approveVisibleMs } from '../../../engine/frame/index.js'
import { authPaths, createDeviceKeys, proofHeaders } from '../../../services/auth/protocol/index.js'
import { frameConfigTagId } from '../../../services/frame/frameConfig.js'
import { EMBEDDED_PROJECT_ID } from '../../../services/stack/demoProject.js'
import { setBalance } from '../../support/setBalance.js'
import {
  allowOrigins,
  expect,
  frameUrlOf,
  freshEmail,
  loginByEmail,
  mailedCode,
  openFrame,
  passphrase,
  resendAllowed,
  resendIntervalMs,
  test,
} from './support/embeddedStack.js'
import { foreignHandshake } from './support/foreignWindow.js'
import { FrameHost, frameElementId, type ReceivedMessage, succeeded } from './support/frameHost.js'
import { serveLoopbackPage } from './support/loopbackPage.js'
import { readAuthShare, readFrameVault, replaceAuthShare, secureFrame } from './support/walletSecrets.js'

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')
const hex = (bytes: Uint8Array | number[]) => Buffer.from(bytes).toString('hex')

/** Approves the request on screen in the frame as soon as its Approve button takes a click. */
async function approve(host: FrameHost): Promise<void> {
  const button = host.frame.getByTestId('frame-approve')
  await expect(button).toBeEnabled()
  await button.click()
}

/** Every string anywhere in `value` (keys are protocol names, not data). */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(stringsIn)
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsIn)
  return []
}

test('FRAME a page on an origin the project does not list cannot embed the frame, and its handshake gets no answer', async ({
  page,
  stack,
  sites,
}) => {
  const site = await serveLoopbackPage()
  sites.push(site)
  const frameUrl = frameUrlOf(stack)
  const served = page.waitForResponse((response) => response.url() === frameUrl)
  const host = await FrameHost.embed(page, site.url, frameUrl)
  // The server answered (nothing else failed on the way) with its policy; the browser refused to show it.
  const response = await served
  expect(response.status()).toBe(200)
  expect(response.headers()['content-security-policy']).toMatch(/frame-ancestors [^;]*/)
  expect(response.headers()['content-security-policy']).not.toContain(site.origin)
  const child = page.frames().find((frame) => frame.parentFrame() === page.mainFrame())
  expect(child?.url()).not.toContain(stack.authUrl)
  expect(await child?.evaluate((id) => document.getElementById(id) !== null, frameConfigTagId)).toBe(false)
  expect(await host.ready(await host.handshake(), 3000)).toBe(false)
  expect(await host.received()).toEqual([])

  // The same page once allowed gets the frame and its answers: the refusal above was the policy's.
  await allowOrigins(stack, site.origin)
  const allowed = await FrameHost.embed(page, site.url, frameUrl)
  expect(await allowed.ready(await allowed.handshake(), 10_000)).toBe(true)
  expect(succeeded(await allowed.request('IS_CONNECTED', {}))).toEqual({ isConnected: false })
})

test('FRAME window messages from a foreign window or origin are ignored, before and after the handshake, and a second handshake is ignored', async ({
  page,
  stack,
  sites,
}) => {
  const site = await serveLoopbackPage()
  // The sibling's origin is allowed too: only the frame's `event.source === parent` check can stop it.
  const sibling = await serveLoopbackPage('sibling')
  const stranger = await serveLoopbackPage('popup')
  sites.push(site, sibling, stranger)
  await allowOrigins(stack, site.origin, sibling.origin)
  const host = await FrameHost.embed(page, site.url, frameUrlOf(stack))
  await page.evaluate(
    (src) =>
      new Promise<void>((resolve) => {
        const iframe = document.createElement('iframe')
        iframe.addEventListener('load', () => resolve(), { once: true })
        iframe.src = src
        document.body.append(iframe)
      }),
    sibling.url,
  )
  const siblingFrame = page.frames().find((frame) => frame.url() === sibling.url)
  if (!siblingFrame) throw new Error('no sibling frame')
  const popupOpened = page.waitForEvent('popup')
  await page.evaluate((url) => void window.open(url), stranger.url)
  const popup: Page = await popupOpened
  await popup.waitForLoadState()

  // Before the host's handshake: a foreign window's own handshake is not taken.
  expect(await foreignHandshake(siblingFrame, 'parent')).toEqual([])
  expect(await foreignHandshake(popup, 'opener')).toEqual([])

  const first = await host.handshake()
  expect(await host.ready(first, 10_000)).toBe(true)
  // After it: neither foreign window, nor the parent itself with a second port, gets an answer.
  expect(await foreignHandshake(siblingFrame, 'parent')).toEqual([])
  expect(await foreignHandshake(popup, 'opener')).toEqual([])
  const second = await host.handshake()
  expect(await host.ready(second, 1500)).toBe(false)
  expect(await host.request('IS_CONNECTED', {}, { channel: second, timeoutMs: 1500 })).toEqual({
    ok: false,
    timedOut: true,
  })
  // The first channel still serves, and the frame never wrote to a window.
  expect(succeeded(await host.request('IS_CONNECTED', {}, { channel: first }))).toEqual({
    isConnected: false,
  })
  const received = await host.received()
  expect(received.filter((m) => m.via === 'window')).toEqual([])
  expect(received.filter((m) => m.via === 'port' && m.channel === second)).toEqual([])
})

test('FRAME across login, sign, send and export no message to the host holds a code, passphrase, seed word, key, session token or share', async ({
  page,
  stack,
  sites,
}) => {
  test.setTimeout(120_000)
  const { host } = await openFrame(page, stack, sites)
  const email = freshEmail('run')
  const { address, code, mailedAt } = await loginByEmail(host, stack, email)
  const chain = createPublicClient({ transport: http(stack.chain.rpcUrl) })
  await setBalance(stack.chain.rpcUrl, address, parseEther('1'))

  const message = stringToHex('Pairwise security run')
  const signing = host.rpc('personal_sign', [message, address], stack.chain.chainId)
  await approve(host)
  const signature = succeeded(await signing) as Hex
  expect(await verifyMessage({ address, message: { raw: message }, signature })).toBe(true)

  const to = privateKeyToAccount(`0x${'11'.repeat(32)}`).address
  const sending = host.rpc(
    'eth_sendTransaction',
    [{ from: address, to, value: '0x2386f26fc10000' }],
    stack.chain.chainId,
  )
  const preview = host.frame.getByTestId('frame-preview')
  await expect(preview).toContainText('−0.01 tETH')
  await expect(preview).toContainText('Network fee')
  await approve(host)
  const hash = succeeded(await sending) as Hex
  const receipt = await chain.waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())
  expect((await chain.getTransaction({ hash })).value).toBe(parseEther('0.01'))

  // The re-auth code is a mail like the login code's: the server's resend interval applies.
  await resendAllowed(mailedAt)
  const reauthFrom = Date.now() - 1000
  const exporting = host.rpc('pairwise_exportWallet', [], stack.chain.chainId)
  await host.frame.getByTestId('frame-confirm-input').fill('export')
  await host.frame.getByTestId('frame-confirm-submit').click()
  const { code: reauthCode } = await mailedCode(stack, email, reauthFrom)
  await host.frame.getByTestId('frame-code-input').fill(reauthCode)
  await host.frame.getByTestId('frame-code-submit').click()
  const phrase = (await host.frame.getByTestId('frame-secret-words').textContent())?.trim() ?? ''
  const privateKey = ((await host.frame.locator('details .secret').textContent()) ?? '').trim()
  await host.frame.getByTestId('frame-secret-done').click()
  expect(succeeded(await exporting)).toEqual({})
  const words = phrase.split(/\s+/)
  expect(words).toHaveLength(12)
  expect(mnemonicToAccount(phrase).address).toBe(address)
  expect(privateKeyToAccount(privateKey as Hex).address).toBe(address)

  const vault = await readFrameVault(secureFrame(page, stack.authUrl))
  const { share: authShare, row } = await readAuthShare(stack, vault.walletId)
  const recovery = JSON.parse(row.recovery) as Record<string, string>
  const secrets: Record<string, string> = {
    'login code': code,
    're-auth code': reauthCode,
    passphrase,
    'recovery phrase': phrase,
    'private key': privateKey.replace(/^0x/, ''),
    'session token': vault.sessionToken,
    'device share (hex)': hex(vault.deviceShare),
    'device share (base64url)': bytesToBase64url(new Uint8Array(vault.deviceShare)),
    'auth share (hex)': hex(authShare),
    'auth share (base64url)': bytesToBase64url(authShare),
    'auth share at rest': row.share_ct,
    'recovery ciphertext': recovery.ciphertext ?? '',
    'recovery salt': recovery.salt ?? '',
  }
  const received: ReceivedMessage[] = await host.received()
  expect(received.map((m) => `${m.via}:${(m.data as { type: string }).type}`)).toEqual([
    'port:READY',
    'port:CONNECT_EMAIL_SUCCESS',
    'port:CONNECT_OTP_SUCCESS',
    'port:GET_USER_SUCCESS',
    'port:RPC_REQUEST_SUCCESS',
    'port:RPC_REQUEST_SUCCESS',
    'port:RPC_REQUEST_SUCCESS',
  ])
  const text = JSON.stringify(received)
  for (const [name, secret] of Object.entries(secrets)) {
    expect(secret.length, name).toBeGreaterThan(5)
    expect(text.toLowerCase().includes(secret.toLowerCase()), `${name} in a message to the host`).toBe(false)
  }
  const tokens = received.flatMap((m) => stringsIn(m.data)).flatMap((s) => s.split(/[^A-Za-z0-9_-]+/))
  expect(
    tokens.filter((token) => words.includes(token)),
    'seed words in messages',
  ).toEqual([])
  expect(
    tokens.filter((token) => token.length === 43),
    'session-token-shaped strings',
  ).toEqual([])
  // What the host did get: its results.
  expect(text).toContain(signature)
  expect(text).toContain(hash)
})

test('FRAME a signature made while its approval shows leaves the frame only on Approve: Reject and an abort send none; a bidi override in the message is shown as its code point', async ({
  page,
  stack,
  sites,
}) => {
  const { host } = await openFrame(page, stack, sites)
  const { address } = await loginByEmail(host, stack, freshEmail('ahead'))
  const message = stringToHex('Pairwise signed ahead')
  const sign = () => host.rpc('personal_sign', [message, address], stack.chain.chainId)

  // U+202E would make the rest read backwards: "Send 1 ETH to 0xdead" shown as "Send 1 ETH to daex0".
  const reversed = host.rpc(
    'personal_sign',
    [stringToHex('Send 1 ETH to \u202E0xdead'), address],
    stack.chain.chainId,
  )
  await expect(host.frame.getByTestId('frame-preview')).toContainText('Send 1 ETH to ⟨U+202E⟩0xdead')
  await host.frame.getByTestId('frame-reject').click()
  expect(await reversed).toEqual({ ok: false, error: { code: 4001, message: 'User rejected the request.' } })

  const rejected = sign()
  await expect(host.frame.getByTestId('frame-approve')).toBeEnabled()
  await host.frame.getByTestId('frame-reject').click()
  expect(await rejected).toEqual({ ok: false, error: { code: 4001, message: 'User rejected the request.' } })

  const aborted = sign()
  await expect(host.frame.getByTestId('frame-approve')).toBeEnabled()
  expect(succeeded(await host.request('RPC_ABORT', {}))).toEqual({})
  expect(await aborted).toEqual({ ok: false, error: { code: 4001, message: 'Request was aborted' } })

  const before = JSON.stringify(await host.received())
  const approved = sign()
  await approve(host)
  // Signatures of a message by one key are deterministic (RFC 6979): the two dropped were this one.
  const signature = succeeded(await approved) as Hex
  expect(await verifyMessage({ address, message: { raw: message }, signature })).toBe(true)
  expect(before.toLowerCase()).not.toContain(signature.slice(2, 66).toLowerCase())
})

test('FRAME Approve stays off while any of the approval is out of view: a frame too small to show its rows, or a page scrolled so that only the buttons are in the window; in full view, it takes a click', async ({
  page,
  stack,
  sites,
}) => {
  const { host } = await openFrame(page, stack, sites)
  const { address } = await loginByEmail(host, stack, freshEmail('clipped'))
  const message = stringToHex('Pairwise signed in full view')
  const signing = host.rpc('personal_sign', [message, address], stack.chain.chainId)
  const approveButton = host.frame.getByTestId('frame-approve')
  await expect(approveButton).toBeEnabled()

  // A frame too short for the title, the rows and the buttons together: the rows would shrink out of sight.
  const frameStyle = (height: string) =>
    page.evaluate(
      ({ id, height }) => {
        const frame = document.getElementById(id)
        if (frame) frame.style.height = height
      },
      { id: frameElementId, height },
    )
  await frameStyle('120px')
  await expect(approveButton).toBeDisabled()
  await frameStyle('640px')
  await expect(approveButton).toBeEnabled()

  // Nothing covers the frame: the window clips it, so that the page could draw a lure below the buttons.
  const buttons = await host.frame.locator('.actions').boundingBox()
  if (!buttons) throw new Error('the approval has no buttons on screen')
  await page.evaluate((top) => {
    document.body.style.minHeight = '5000px'
    window.scrollTo(0, top)
  }, buttons.y - 2)
  // Playwright's boxes are in the page's window: the title ends above it, the buttons are inside it.
  const title = await host.frame.locator('h1').boundingBox()
  const shown = await host.frame.locator('.actions').boundingBox()
  expect((title?.y ?? 0) + (title?.height ?? 0), 'the title is above the window').toBeLessThan(0)
  expect(shown?.y ?? -1, 'the buttons are in the window').toBeGreaterThanOrEqual(0)
  await expect(approveButton).toBeDisabled()
  // Twice the approval delay: clipped, it stays off all along.
  await page.waitForTimeout(2 * approveVisibleMs)
  await expect(approveButton).toBeDisabled()

  await page.evaluate(() => window.scrollTo(0, 0))
  await approve(host)
  const signature = succeeded(await signing) as Hex
  expect(await verifyMessage({ address, message: { raw: message }, signature })).toBe(true)
})

test('FRAME a request too long for the frame scrolls its rows in their own box: the title and the buttons stay in view, and Approve takes a click', async ({
  page,
  stack,
  sites,
}) => {
  const { host } = await openFrame(page, stack, sites)
  const { address } = await loginByEmail(host, stack, freshEmail('long'))
  const text = Array.from({ length: 80 }, (_, i) => `Line ${i + 1} of a long statement to sign.`).join('\n')
  const message = stringToHex(text)
  const signing = host.rpc('personal_sign', [message, address], stack.chain.chainId)
  const rows = host.frame.getByTestId('frame-preview')
  await expect(rows).toContainText('Line 80 of a long statement')
  expect(await rows.evaluate((list) => list.scrollHeight > list.clientHeight), 'the rows scroll').toBe(true)
  await approve(host)
  const signature = succeeded(await signing) as Hex
  expect(await verifyMessage({ address, message: { raw: message }, signature })).toBe(true)
})

test('FRAME typed data is signed for the domain its approval shows: a chain id sent as text binds the signature to that chain', async ({
  page,
  stack,
  sites,
}) => {
  const { host } = await openFrame(page, stack, sites)
  const { address } = await loginByEmail(host, stack, freshEmail('typed'))
  const { chainId } = stack.chain
  const types = { Mail: [{ name: 'contents', type: 'string' }] }
  const message = { contents: 'Hello, Bob!' }
  const typedData = {
    types,
    primaryType: 'Mail',
    domain: { name: 'Ether Mail', chainId: String(chainId) },
    message,
  }
  const signing = host.rpc('eth_signTypedData_v4', [address, JSON.stringify(typedData)], chainId)
  const rows = host.frame.getByTestId('frame-preview')
  await expect(rows).toContainText('Ether Mail')
  await expect(rows).not.toContainText('chain')
  await approve(host)
  const signature = succeeded(await signing) as Hex
  const signed = { address, types, primaryType: 'Mail' as const, message, signature }
  expect(await verifyTypedData({ ...signed, domain: { name: 'Ether Mail', chainId: BigInt(chainId) } })).toBe(
    true,
  )
  expect(await verifyTypedData({ ...signed, domain: { name: 'Ether Mail' } })).toBe(false)
})

test('EMAIL wrong codes burn the code after 5 tries, a used code is refused, and the resend throttle holds when the host ignores it', async ({
  page,
  stack,
  sites,
}) => {
  test.setTimeout(90_000)
  const { host, site } = await openFrame(page, stack, sites)
  const email = freshEmail('burn')
  const sent = Date.now() - 1000
  expect(succeeded(await host.request('CONNECT_EMAIL', { email }))).toEqual({ action: 'VERIFY_OTP' })
  const verifying = host.request('CONNECT_OTP', {})
  const { code } = await mailedCode(stack, email, sent)
  const input = host.frame.getByTestId('frame-code-input')
  const error = host.frame.getByTestId('frame-code-error')
  for (let triesLeft = 4; triesLeft >= 0; triesLeft--) {
    await input.fill(wrongCode(code))
    await host.frame.getByTestId('frame-code-submit').click()
    await expect(error).toHaveText(`Invalid code. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`)
  }
  await input.fill(code)
  await host.frame.getByTestId('frame-code-submit').click()
  await expect(error).toHaveText('The code has expired or was already used; ask for a new one')
  succeeded(await host.request('RPC_ABORT', {}))
  expect((await verifying).ok).toBe(false)
  expect(succeeded(await host.request('IS_CONNECTED', {}))).toEqual({ isConnected: false })

  // The host asks again at once, as a client ignoring the wait would: the server refuses, per
  // email and per device, and no second mail goes out.
  for (const again of [email, freshEmail('same-device')]) {
    const refused = await host.request('CONNECT_EMAIL', { email: again })
    expect(refused.ok).toBe(false)
    const refusal = 'error' in refused ? refused.error.message : ''
    const seconds = Number(/^Please try again after (\d+) seconds$/.exec(refusal ?? '')?.[1])
    expect(seconds, refusal).toBeGreaterThanOrEqual(1)
    expect(seconds).toBeLessThanOrEqual(resendIntervalMs / 1000)
  }
  expect(stack.mail.inbox.list().filter((mail) => mail.to.some((to) => to.Address === email))).toHaveLength(1)

  // A used code: once taken, the same code on the same attempt from the same device is refused.
  const device = await createDeviceKeys()
  const other = freshEmail('used')
  const post = async (path: string, body: Record<string, unknown>) => {
    const text = JSON.stringify({ projectId: EMBEDDED_PROJECT_ID, hostOrigin: site.origin, ...body })
    const headers = await proofHeaders(device, { method: 'POST', path, body: text, now: Date.now() })
    const response = await fetch(`${stack.authUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: text,
    })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }
  const usedFrom = Date.now() - 1000
  const started = await post(authPaths.emailStart, {
    email: other,
    device: { signingKey: device.signingKey, agreementKey: device.agreementKey },
  })
  expect(started.body.action).toBe('VERIFY_OTP')
  const { code: usedCode } = await mailedCode(stack, other, usedFrom)
  const attemptId = started.body.attemptId
  expect((await post(authPaths.emailVerify, { attemptId, code: usedCode })).status).toBe(200)
  expect(await post(authPaths.emailVerify, { attemptId, code: usedCode })).toEqual({
    status: 400,
    body: { code: 'OTP_EXPIRED', message: 'The code has expired or was already used; ask for a new one' },
  })
})

test('FRAME a tampered auth share is detected and nothing is signed', async ({ page, stack, sites }) => {
  test.setTimeout(90_000)
  const { host } = await openFrame(page, stack, sites)
  const { address } = await loginByEmail(host, stack, freshEmail('tamper'))
  const { walletId } = await readFrameVault(secureFrame(page, stack.authUrl))
  // Another valid share, sealed as the service seals: one byte of its first y-value changed.
  const restore = await replaceAuthShare(stack, walletId, (share) => {
    const changed = new Uint8Array(share)
    changed[0] = (changed[0] ?? 0) ^ 0x5a
    return changed
  })
  const message = stringToHex('never signed')
  const signing = host.rpc('personal_sign', [message, address], stack.chain.chainId)
  await approve(host)
  const refused = await signing
  expect(refused).toEqual({
    ok: false,
    error: { code: 4100, message: 'A wallet share failed its check; nothing was signed' },
  })
  const signatures = JSON.stringify(await host.received()).match(/0x[0-9a-fA-F]{130}/g)
  expect(signatures).toBeNull()

  // The same request with the share put back is signed: the refusal was the tampered share's.
  await restore()
  const again = host.rpc('personal_sign', [message, address], stack.chain.chainId)
  await approve(host)
  const signature = succeeded(await again) as Hex
  expect(await verifyMessage({ address, message: { raw: message }, signature })).toBe(true)
})
