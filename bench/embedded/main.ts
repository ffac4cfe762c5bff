import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { type Browser, chromium, type Frame } from '@playwright/test'
import { build } from 'esbuild'
import { type Hex, stringToHex, verifyMessage } from 'viem'
import { FrameHost, rpcPayload, succeeded } from '../../test/e2e/embedded/support/frameHost.js'
import {
  allowOrigins,
  type DemoStack,
  frameUrlOf,
  freshEmail,
  mailedCode,
  passphrase,
  startDemoStack,
} from '../../test/e2e/embedded/support/frameStack.js'
import { serveLoopbackPage } from '../../test/e2e/embedded/support/loopbackPage.js'
import { secureFrame } from '../../test/e2e/embedded/support/walletSecrets.js'
import { chromiumLaunchOptions } from '../../test/support/browser.js'
import { median } from '../peers/report.js'
import type { ViemBaselines } from './viemInPage.js'

/**
 * `npm run bench -- embedded [--runs 20]`: the embedded wallet against a stack the bench starts, in
 * headless Chromium, each figure a median against the same operation done with a viem local account in
 * the page. (a) Email login to address ready, code entry excluded: CONNECT_EMAIL → its answer, plus
 * CONNECT_OTP with the code passed by the host (the protocol allows it) → GET_USER's address; a new
 * user, so the frame makes the wallet, and the passphrase Playwright types is subtracted. (b) personal_sign
 * round trip host → frame → host, approved by Playwright the moment the button is enabled: whole (with
 * the frame's 700 ms visibility floor) and from the approving click to the signature.
 */
const { values } = parseArgs({ options: { runs: { type: 'string', default: '20' } } })
const runs = Number(values.runs)
if (!Number.isInteger(runs) || runs < 1) {
  console.error('--runs must be a whole number ≥ 1')
  process.exit(2)
}
const signTarget = 3
// Run by scripts/bench.mjs from the repository root.
const root = process.cwd()

type Baselines = { pairwiseBenchViem: ViemBaselines }

async function viemScript(): Promise<string> {
  const bundled = await build({
    entryPoints: [join(root, 'bench/embedded/viemInPage.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'warning',
  })
  const file = bundled.outputFiles[0]
  if (!file) throw new Error('the page script did not bundle')
  return file.text
}

type Login = { ms: number; typedMs: number; baselineMs: number; host: FrameHost; address: Hex }

/** One first login of a new email on a new device (a fresh browser context). */
async function login(browser: Browser, stack: DemoStack, siteUrl: string, script: string): Promise<Login> {
  const context = await browser.newContext()
  const page = await context.newPage()
  const host = await FrameHost.embed(page, siteUrl, frameUrlOf(stack))
  if (!(await host.ready(await host.handshake(), 20_000))) throw new Error('the frame did not answer')
  await page.addScriptTag({ content: script })
  const email = freshEmail('bench')
  const mailFrom = Date.now() - 1000
  const started = await host.timedRequest('CONNECT_EMAIL', { email })
  succeeded(started.reply)
  const { code } = await mailedCode(stack, email, mailFrom)
  const verifying = host.timedRequest('CONNECT_OTP', { otp: code })
  const input = host.frame.getByTestId('frame-passphrase-input')
  await input.waitFor()
  const typing = performance.now()
  await input.fill(passphrase)
  await host.frame.getByTestId('frame-passphrase-submit').click()
  const typedMs = performance.now() - typing
  const verified = await verifying
  succeeded(verified.reply)
  const user = await host.timedRequest('GET_USER', { chainId: stack.chain.chainId })
  const address = succeeded(user.reply).address as Hex
  const ms = started.repliedAt - started.sentAt + (user.repliedAt - verified.sentAt) - typedMs
  const baselineMs = await page.evaluate(() =>
    (window as unknown as Baselines).pairwiseBenchViem.newAccount(),
  )
  return { ms, typedMs, baselineMs, host, address }
}

type Signing = { wholeMs: number; afterClickMs: number; baselineMs: number }

/** One personal_sign through the frame, approved the moment its button takes a click, and the same in the page. */
async function sign(
  host: FrameHost,
  frame: Frame,
  address: Hex,
  chainId: number,
  n: number,
): Promise<Signing> {
  const page = host.page
  const message = stringToHex(`Pairwise bench ${n}`)
  const request = host.timedRequest('RPC_REQUEST', rpcPayload('personal_sign', [message, address], chainId))
  await frame.waitForFunction(
    () => {
      const button = document.querySelector<HTMLButtonElement>('[data-testid="frame-approve"]')
      return button !== null && !button.disabled
    },
    null,
    { polling: 'raf' },
  )
  await host.frame.getByTestId('frame-approve').click()
  const { reply, sentAt, repliedAt } = await request
  const signature = succeeded(reply) as Hex
  if (!(await verifyMessage({ address, message: { raw: message }, signature })))
    throw new Error('the frame returned a signature that does not verify')
  const clickedAt = await frame.evaluate(() =>
    (window as unknown as { benchClicks: number[] }).benchClicks.at(-1),
  )
  if (clickedAt === undefined) throw new Error('no trusted click seen in the frame')
  const baselineMs = await page.evaluate(
    (raw) => (window as unknown as Baselines).pairwiseBenchViem.sign(raw),
    message,
  )
  return { wholeMs: repliedAt - sentAt, afterClickMs: repliedAt - clickedAt, baselineMs }
}

const stack = await startDemoStack()
const browser = await chromium.launch(chromiumLaunchOptions)
const site = await serveLoopbackPage('bench')
const logins: Login[] = []
const signings: Signing[] = []
try {
  await allowOrigins(stack, site.origin)
  const script = await viemScript()
  // One more of each than measured: the first warms the frame's bundle cache and the JIT, and is dropped.
  for (let i = 0; i <= runs; i++) {
    const done = await login(browser, stack, site.url, script)
    if (i > 0) logins.push(done)
    if (i < runs) await done.host.page.context().close()
  }
  const last = logins.at(-1)
  if (!last) throw new Error('no login')
  const frame = secureFrame(last.host.page, stack.authUrl)
  await frame.evaluate(() => {
    const clicks: number[] = []
    Object.defineProperty(window, 'benchClicks', { value: clicks })
    document.addEventListener(
      'click',
      (event) => event.isTrusted && clicks.push(performance.timeOrigin + event.timeStamp),
      true,
    )
  })
  for (let i = 0; i <= runs; i++) {
    const done = await sign(last.host, frame, last.address, stack.chain.chainId, i)
    if (i > 0) signings.push(done)
  }
} finally {
  await browser.close()
  await site.close()
  await stack.stop()
}

const fixed = (n: number, digits = 0) => n.toFixed(digits)
const row = (name: string, ours: number[], baseline: number[], target?: number) => {
  const ratio = median(ours) / median(baseline)
  const verdict = target === undefined ? '' : ` (target ≤ ${target}×: ${ratio <= target ? 'met' : 'NOT met'})`
  console.log(
    `${name}: ${fixed(median(ours), 1)} ms vs viem in the page ${fixed(median(baseline), 2)} ms = ${fixed(ratio, 1)}×${verdict}`,
  )
}
console.log(
  `\nembedded wallet benchmark — medians of ${runs} (after 1 warm-up), headless Chromium, ${availableParallelism()} cores shared with the stack`,
)
row(
  'email login to address ready, code entry excluded (CONNECT_EMAIL + CONNECT_OTP with the code → GET_USER, new wallet, passphrase typing subtracted); baseline: mnemonicToAccount(generateMnemonic())',
  logins.map((l) => l.ms),
  logins.map((l) => l.baselineMs),
)
console.log(
  `  (passphrase typed by Playwright, subtracted: median ${fixed(median(logins.map((l) => l.typedMs)))} ms)`,
)
row(
  'personal_sign round trip host → frame → host, whole (with the 700 ms visibility floor); baseline: account.signMessage',
  signings.map((s) => s.wholeMs),
  signings.map((s) => s.baselineMs),
)
row(
  'personal_sign from the approving click to the signature at the host; baseline: account.signMessage',
  signings.map((s) => s.afterClickMs),
  signings.map((s) => s.baselineMs),
  signTarget,
)
