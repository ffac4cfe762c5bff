import { mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { stripVTControlCharacters } from 'node:util'
import { test as base, expect, type Page, type TestInfo } from '@playwright/test'
import { type Template, templates } from '../../create-pairwise/choices.js'
import { removeFolder } from '../packaging/removeFolder.js'
import { packPackages, type Tarballs } from '../packaging/stacks.js'
import { injectTestWallet, testWalletInfo } from '../support/browserWallet.js'
import { TestWallet } from '../support/testWallet.js'
import {
  type App,
  buildLine,
  copyApp,
  createProject,
  installApp,
  installedVersion,
  type LineBuild,
  type NextLine,
  nextPins,
  otherNextLines,
  type Settled,
  scaffoldApp,
  serveApp,
  settle,
  typecheckAndBuild,
  unwrap,
} from './apps.js'
import { type LocalStack, startLocalStack } from './localStack.js'

type Work = { stack: LocalStack; tarballs: Tarballs; cache: string }
type Installed = { app: App; installSeconds: number }
/** Work a fixture starts for the tests to await. */
type Started<T> = Promise<Settled<T>>

/**
 * `npm create pairwise` end to end, once per template: `npx pairwise start` (the workspace's bin) runs the
 * local stack in the folder that holds the apps, each app is scaffolded against it (every choice on: EVM +
 * Solana, email login), installed with our packed packages, type-checked, built, served, given its project
 * with the README's `npx pairwise project create`, and an injected wallet connects in Chromium. The Next
 * app is then built again on the other React lines of the modal's peer range. Slow by nature (real
 * installs and production builds), so independent steps overlap; npm's cache is the packaging tests' and
 * survives across runs.
 */
const test = base.extend<
  object,
  { work: Work; apps: Record<Template, Started<Installed>>; lineBuilds: Map<string, Started<LineBuild>> }
>({
  work: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the destructuring form.
    async ({}, use) => {
      const folder = mkdtempSync(join(tmpdir(), 'pairwise-create-app-'))
      const cache = join(tmpdir(), 'pairwise-packaging-npm-cache')
      mkdirSync(cache, { recursive: true })
      // The stack starts while the packages are packed.
      const [stack, tarballs] = await Promise.allSettled([startLocalStack(folder), packPackages(folder)])
      try {
        if (stack.status === 'rejected') throw stack.reason
        if (tarballs.status === 'rejected') throw tarballs.reason
        await use({ stack: stack.value, tarballs: tarballs.value, cache })
      } finally {
        if (stack.status === 'fulfilled') await stack.value.stop()
        await removeFolder(folder)
      }
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  apps: [
    async ({ work }, use) => {
      // Both apps install at once (an npm install keeps about one core busy) and each test waits for its
      // own, so the Vite app is checked while the Next app still installs.
      const installs = Object.fromEntries(
        templates.map((template) => [template, settle(install(work, template))]),
      ) as Record<Template, Started<Installed>>
      await use(installs)
      // None may outlive the folder the teardown removes.
      await Promise.all(Object.values(installs))
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  lineBuilds: [
    async ({ work, apps }, use) => {
      const { app: next } = await unwrap(apps.next)
      // Every line at once: the first in the Next app's own folder, the others in copies made before it
      // changes. A next build keeps about 1.3 of the machine's 2 cores busy, so two overlap well.
      const placed = await Promise.all(
        otherNextLines.map(async (line, index) => ({
          line,
          app: index === 0 ? next : await copyApp(next, slug(line)),
        })),
      )
      const builds = new Map(
        placed.map(({ line, app }) => [line.name, settle(buildLine(app, line, work.cache))]),
      )
      await use(builds)
      await Promise.all(builds.values())
    },
    { scope: 'worker', timeout: 120_000 },
  ],
})

async function install(work: Work, template: Template): Promise<Installed> {
  const app = await scaffoldApp(work.stack.folder, template, work.stack.file)
  return { app, installSeconds: await installApp(app, work.tarballs, work.cache) }
}

const slug = (line: NextLine) => line.name.toLowerCase().replaceAll(/[^a-z0-9]+/g, '-')

/** Type-checks, builds and serves an installed app, with its project made; the timings go into the report. */
async function buildAndServe({ app, installSeconds }: Installed, stack: LocalStack, testInfo: TestInfo) {
  const started = Date.now()
  const build = await typecheckAndBuild(app)
  const served = await serveApp(app)
  await createProject(stack, app, served.url).catch(async (error: unknown) => {
    await served.close()
    throw error
  })
  testInfo.annotations.push({
    type: 'timing',
    description: `${app.template}: install ${installSeconds.toFixed(1)} s (beside the other app's), type-check and build ${build.seconds.toFixed(1)} s, ready after ${((Date.now() - started) / 1000).toFixed(1)} s more`,
  })
  return { served, buildOutput: build.output }
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

function localWallet({ file }: LocalStack) {
  return new TestWallet({ chains: { [file.chain.chainId]: file.chain.url }, chainId: file.chain.chainId })
}

/** Connect Wallet, then the injected (EIP-6963) test wallet in the modal's list. */
async function connect(page: Page) {
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: new RegExp(testWalletInfo.name) }).click()
  // The connection's round trips to the local chain share the machine with npm installs and next builds.
  await expect(dialog)
    .toBeHidden({ timeout: 20_000 })
    .catch(async (error: unknown) => {
      // What the modal shows instead (an error, a view it went on to) says why it stayed open.
      const shown = await dialog.innerText().catch(() => '(unreadable)')
      throw new Error(`the modal stayed open after picking the wallet, showing:\n${shown}`, { cause: error })
    })
}

test('the Vite app installs, type-checks, builds and connects a wallet to the local stack', async ({
  page,
  work: { stack },
  apps,
}, testInfo) => {
  test.setTimeout(300_000)
  const { served } = await buildAndServe(await unwrap(apps.vite), stack, testInfo)
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

/**
 * What `next build` printed: Next.js `next`'s banner, no Turbopack (webpack bundles in 14.2 and 15.5;
 * Turbopack would say so in its banner), and its type check of the app.
 */
function expectNextBuild(buildOutput: string, next: string) {
  // Colored: Playwright's FORCE_COLOR reaches the build.
  const lines = stripVTControlCharacters(buildOutput).split('\n')
  expect(lines.map((line) => line.trim())).toContain(`▲ Next.js ${next}`)
  expect(buildOutput).not.toMatch(/turbopack/i)
  expect(buildOutput).toContain('checking validity of types')
}

test('the Next.js app renders on the server, hydrates cleanly and renders a returning wallet from its cookie', async ({
  page,
  work: { stack },
  apps,
}, testInfo) => {
  test.setTimeout(360_000)
  const installed = await unwrap(apps.next)
  const { served, buildOutput } = await buildAndServe(installed, stack, testInfo)
  try {
    expectNextBuild(buildOutput, nextPins.next)
    expect(installedVersion(installed.app, 'react')).toBe(nextPins.react)
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
    await expect(page.getByTestId('chain')).toHaveText(String(stack.file.chain.chainId))
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

for (const line of otherNextLines)
  test(`the Next.js app type-checks and builds with webpack on ${line.name} (Next.js ${line.next}), and serves its connect button`, async ({
    lineBuilds,
  }, testInfo) => {
    test.setTimeout(360_000)
    const started = Date.now()
    const { app, installSeconds, build } = await unwrap(lineBuilds.get(line.name))
    expect(installedVersion(app, 'react')).toBe(line.react)
    expect(installedVersion(app, 'react-dom')).toBe(line.react)
    expect(installedVersion(app, 'next')).toBe(line.next)
    expectNextBuild(build.output, line.next)
    const served = await serveApp(app)
    try {
      expect(await (await fetch(served.url)).text()).toContain('<appkit-button')
    } finally {
      await served.close()
    }
    testInfo.annotations.push({
      type: 'timing',
      description: `next on ${line.name}: install ${installSeconds.toFixed(1)} s, type-check and build ${build.seconds.toFixed(1)} s (beside the other lines), waited ${((Date.now() - started) / 1000).toFixed(1)} s here`,
    })
  })
