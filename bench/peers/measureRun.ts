import { performance } from 'node:perf_hooks'
import { gzipSync } from 'node:zlib'
import type { Browser, Page, Response } from '@playwright/test'
import { type InjectOptions, injectTestWallet, testWalletInfo } from '../../test/support/browserWallet.js'
import type { ChainFixture } from '../../test/support/chain.js'
import { TestWallet } from '../../test/support/testWallet.js'
import { addressTestId } from './demoPage.js'
import { blockNonLoopback } from './loopbackOnly.js'

export type PageUnderTest = {
  readonly name: string
  readonly url: string
  readonly inject: InjectOptions
  /** False for the bare page: its button connects straight away, with no wallet list between. */
  readonly hasWalletList: boolean
}

export type RunResult = {
  /** gzip bytes of the JavaScript the page had loaded when its connect button became visible. */
  readonly firstLoadJsGzip: number
  readonly buttonMs: number
  readonly walletListMs: number | undefined
  readonly connectedMs: number
  readonly nonLocalRequests: readonly string[]
}

/** One step's budget; a peer whose API is blocked settles well within it. */
const stepTimeoutMs = 60_000

const isJavaScript = (response: Response) =>
  /javascript/.test(response.headers()['content-type'] ?? '') ||
  /\.m?js$/.test(new URL(response.url()).pathname)

/** Loaded JS responses, each with the Node-side time it finished and its gzip size. */
function recordJavaScript(page: Page): { finishedAt: number; gzipBytes: Promise<number> }[] {
  const loaded: { finishedAt: number; gzipBytes: Promise<number> }[] = []
  page.on('requestfinished', (request) => {
    const finishedAt = performance.now()
    loaded.push({
      finishedAt,
      gzipBytes: request
        .response()
        .then(async (response) =>
          response?.ok() && isJavaScript(response) ? gzipSync(await response.body()).length : 0,
        ),
    })
  })
  return loaded
}

async function timed(step: () => Promise<unknown>): Promise<number> {
  const started = performance.now()
  await step()
  return performance.now() - started
}

/**
 * One cold load in a fresh context (empty cache and storage): navigate, wait for the connect button, open
 * the wallet list, pick the test wallet, wait for the page to show its address.
 */
export async function measureRun(
  browser: Browser,
  target: PageUnderTest,
  chain: ChainFixture,
): Promise<RunResult> {
  const context = await browser.newContext()
  try {
    const nonLocalRequests = await blockNonLoopback(context)
    const page = await context.newPage()
    page.setDefaultTimeout(stepTimeoutMs)
    const wallet = new TestWallet({ chains: { [chain.chainId]: chain.rpcUrl }, chainId: chain.chainId })
    await injectTestWallet(page, wallet, target.inject)
    const javaScript = recordJavaScript(page)

    const button = page.getByRole('button', { name: /connect/i }).first()
    const navigationStarted = performance.now()
    const buttonMs = await timed(async () => {
      await page.goto(target.url, { waitUntil: 'commit' })
      await button.waitFor({ state: 'visible' })
    })
    const buttonVisibleAt = navigationStarted + buttonMs
    const firstLoad = javaScript.filter((entry) => entry.finishedAt <= buttonVisibleAt)
    const firstLoadJsGzip = (await Promise.all(firstLoad.map((entry) => entry.gzipBytes))).reduce(
      (a, b) => a + b,
      0,
    )

    const walletEntry = page.getByText(testWalletInfo.name, { exact: true }).first()
    const connected = page.locator(`[data-testid=${addressTestId}]`, { hasText: wallet.address })
    let walletListMs: number | undefined
    let connectedMs: number
    if (target.hasWalletList) {
      walletListMs = await timed(async () => {
        await button.click()
        await walletEntry.waitFor({ state: 'visible' })
      })
      connectedMs = await timed(async () => {
        await walletEntry.click()
        await connected.waitFor({ state: 'visible' })
      })
    } else {
      connectedMs = await timed(async () => {
        await button.click()
        await connected.waitFor({ state: 'visible' })
      })
    }
    return { firstLoadJsGzip, buttonMs, walletListMs, connectedMs, nonLocalRequests: [...nonLocalRequests] }
  } finally {
    await context.close()
  }
}
