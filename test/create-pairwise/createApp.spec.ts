import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test as base, expect, type Page, type TestInfo } from '@playwright/test'
import type { RunningStack } from '../../services/index.js'
import { startDemoStack } from '../e2e/modal/demoStack.js'
import { packPackages, type Tarballs } from '../packaging/stacks.js'
import { injectTestWallet, testWalletInfo } from '../support/browserWallet.js'
import { TestWallet } from '../support/testWallet.js'
import { type App, createProject, installApp, scaffoldApp, serveApp, typecheckAndBuild } from './apps.js'

type Work = { folder: string; tarballs: Tarballs; cache: string }

/**
 * `npm create pairwise` end to end, once per template: scaffold against a running local stack (every choice
 * on: EVM + Solana, email login), install with our packed packages, type-check, build, serve, and connect
 * an injected wallet in Chromium. Slow by nature (real installs and production builds); npm's cache is the
 * packaging tests' and survives across runs.
 */
const test = base.extend<object, { stack: RunningStack; work: Work }>({
  stack: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the destructuring form.
    async ({}, use) => {
      const stack = await startDemoStack()
      await use(stack)
      await stack.stop()
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  work: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the destructuring form.
    async ({}, use) => {
      const folder = mkdtempSync(join(tmpdir(), 'pairwise-create-app-'))
      const cache = join(tmpdir(), 'pairwise-packaging-npm-cache')
      mkdirSync(cache, { recursive: true })
      await use({ folder, tarballs: await packPackages(folder), cache })
      rmSync(folder, { recursive: true, force: true })
    },
    { scope: 'worker', timeout: 60_000 },
  ],
})

/** Scaffolds, installs, type-checks, builds and serves one app; the timings go into the report. */
async function makeApp(template: App['template'], stack: RunningStack, work: Work, testInfo: TestInfo) {
  const started = Date.now()
  const app = await scaffoldApp(work.folder, template, stack)
  const installSeconds = await installApp(app, work.tarballs, work.cache)
  const build = await typecheckAndBuild(app)
  const served = await serveApp(app)
  await createProject(stack, app, served.url)
  testInfo.annotations.push({
    type: 'timing',
    description: `${template}: install ${installSeconds.toFixed(1)} s, type-check and build ${build.seconds.toFixed(1)} s, ready after ${((Date.now() - started) / 1000).toFixed(1)} s`,
  })
  return { app, served, buildOutput: build.output }
}

/** The page's errors and console messages, kept for the checks at the end. */
function watchConsole(page: Page) {
  const errors: string[] = []
  const messages: string[] = []
  // React reports a hydration mismatch as an uncaught error (a pageerror), in production by its code alone.
  page.on('pageerror', (error) => {
    errors.push(error.message)
    messages.push(`pageerror: ${error.message}`)
  })
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`)
  })
  page.on('console', (message) => {
    messages.push(`${message.type()}: ${message.text()}`)
    if (message.type() === 'error') errors.push(message.text())
  })
  return { errors, messages }
}

function localWallet(stack: RunningStack) {
  return new TestWallet({
    chains: { [stack.chain.chainId]: stack.chain.rpcUrl },
    chainId: stack.chain.chainId,
  })
}

/** Connect Wallet, then the injected (EIP-6963) test wallet in the modal's list. */
async function connect(page: Page) {
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: new RegExp(testWalletInfo.name) }).click()
  await expect(dialog).toBeHidden()
}

test('the Vite app installs, type-checks, builds and connects a wallet to the local stack', async ({
  page,
  stack,
  work,
}, testInfo) => {
  test.setTimeout(300_000)
  const { served } = await makeApp('vite', stack, work, testInfo)
  const { errors } = watchConsole(page)
  const wallet = localWallet(stack)
  await injectTestWallet(page, wallet)
  try {
    await page.goto(served.url)
    await expect(page).toHaveTitle('pairwise-vite-app')
    await connect(page)
    await expect(page.getByTestId('address')).toHaveText(wallet.address)
    await expect(page.getByTestId('status')).toHaveText('connected')
    await expect(page.getByTestId('network')).toHaveText('Anvil')
    // wagmi reads the balance from the stack's chain through the same connection.
    await expect(page.getByTestId('balance')).toContainText('tETH')
    await expect(page.getByTestId('account-button')).toBeVisible()
    expect(errors).toEqual([])
  } finally {
    await served.close()
  }
})

declare global {
  interface Window {
    __connectLabelSeen?: boolean
  }
}

/** Runs before the page's scripts: notes any frame in which a page button says "Connect Wallet". */
function watchConnectLabel() {
  window.__connectLabelSeen = false
  const check = () => {
    for (const button of document.querySelectorAll('appkit-button, appkit-connect-button'))
      if (button.shadowRoot?.textContent?.includes('Connect Wallet')) window.__connectLabelSeen = true
    requestAnimationFrame(check)
  }
  requestAnimationFrame(check)
}

test('the Next.js app renders on the server, hydrates cleanly and renders a returning wallet from its cookie', async ({
  page,
  stack,
  work,
}, testInfo) => {
  test.setTimeout(360_000)
  const { served, buildOutput } = await makeApp('next', stack, work, testInfo)
  // next build bundles with webpack in 15.5; Turbopack would say so in its banner.
  expect(buildOutput).toContain('Next.js 15.5.')
  expect(buildOutput).not.toMatch(/turbopack/i)
  try {
    // The server's HTML has the connect button (a custom element, defined when the modal loads).
    const html = await (await fetch(served.url)).text()
    expect(html).toContain('<appkit-button')

    const { errors, messages } = watchConsole(page)
    const wallet = localWallet(stack)
    await injectTestWallet(page, wallet)
    await page.addInitScript(watchConnectLabel)
    await page.goto(served.url)
    // A first visit asks to connect: the watcher sees the label (so its silence after the reload counts).
    await expect.poll(() => page.evaluate(() => window.__connectLabelSeen)).toBe(true)
    await connect(page)
    await expect(page.getByTestId('address')).toHaveText(wallet.address)
    await expect(page.getByTestId('chain')).toHaveText(String(stack.chain.chainId))
    await expect(page.getByTestId('account-button')).toBeVisible()

    // A returning visitor: wagmi's cookie carries the connection, so the server renders the address…
    const returning = await page.request.get(served.url)
    expect(await returning.text()).toContain(wallet.address)
    // …and the page never asks to connect while the wallet reconnects.
    const reload = await page.reload({ waitUntil: 'domcontentloaded' })
    expect(await reload?.text()).toContain(wallet.address)
    expect(await page.getByTestId('address').textContent()).toBe(wallet.address)
    await expect(page.getByTestId('account-button')).toBeVisible()
    await expect(page.getByTestId('address')).toHaveText(wallet.address)
    expect(await page.evaluate(() => window.__connectLabelSeen)).toBe(false)

    // Checked on a deliberate mismatch: Next's production React throws 'Minified React error #418; visit
    // https://react.dev/errors/418…' (423 and 425 are its other hydration codes).
    expect(messages.filter((message) => /hydrat|react\.dev\/errors\/4(18|23|25)/i.test(message))).toEqual([])
    expect(errors).toEqual([])
  } finally {
    await served.close()
  }
})
