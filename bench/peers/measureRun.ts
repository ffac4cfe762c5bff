import { gzipSync } from 'node:zlib'
import type { Browser, Page, Response } from '@playwright/test'
import { type InjectOptions, injectTestWallet, testWalletInfo } from '../../test/support/browserWallet.js'
import type { ChainFixture } from '../../test/support/chain.js'
import { TestWallet } from '../../test/support/testWallet.js'
import { addressTestId } from './demoPage.js'
import { blockNonLoopback } from './loopbackOnly.js'
import { installProbe, markOf, pressesOf, resourcesOnceSettled } from './pageProbe.js'

export type PageUnderTest = {
  readonly name: string
  readonly url: string
  readonly inject: InjectOptions
  /** False for the bare page: its button connects straight away, with no wallet list between. */
  readonly hasWalletList: boolean
}

export type RunResult = {
  /**
   * gzip bytes of the JavaScript the page loads before the visitor does anything: all of it once the page
   * has settled after its button appeared (a page that paints its button first and loads the rest
   * straight after is charged for the rest).
   */
  readonly firstLoadJsGzip: number
  readonly buttonMs: number
  readonly walletListMs: number | undefined
  readonly connectedMs: number
  readonly nonLocalRequests: readonly string[]
}

/** One step's budget; a peer whose API is blocked settles well within it. */
const stepTimeoutMs = 60_000
/** How long a page must load nothing new to count as settled. */
const settleQuietMs = 1000

const isJavaScript = (response: Response) =>
  /javascript/.test(response.headers()['content-type'] ?? '') ||
  /\.m?js$/.test(new URL(response.url()).pathname)

/** Every response the page gets, by URL, so bodies can be read after the fact. */
function recordResponses(page: Page): Map<string, Response> {
  const responses = new Map<string, Response>()
  page.on('response', (response) => responses.set(response.url(), response))
  return responses
}

/** gzip bytes of the JavaScript among `urls`. */
async function gzippedJavaScript(urls: readonly string[], responses: Map<string, Response>): Promise<number> {
  const sizes = await Promise.all(
    urls.map(async (url) => {
      const response = responses.get(url)
      return response?.ok() && isJavaScript(response) ? gzipSync(await response.body()).length : 0
    }),
  )
  return sizes.reduce((a, b) => a + b, 0)
}

/**
 * One cold load in a fresh context (empty cache and storage): navigate, wait for the connect button, open
 * the wallet list, pick the test wallet, wait for the page to show its address. Latencies are read from
 * the page's clock (see pageProbe); Playwright only drives the clicks.
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
    const pressesToConnect = target.hasWalletList ? 2 : 1
    await installProbe(page, [
      { name: 'button', kind: 'connectButton', afterPresses: 0 },
      ...(target.hasWalletList
        ? [{ name: 'walletList', kind: 'text', text: testWalletInfo.name, afterPresses: 1 } as const]
        : []),
      {
        name: 'connected',
        kind: 'testId',
        testId: addressTestId,
        containing: wallet.address,
        afterPresses: pressesToConnect,
      },
    ])
    const responses = recordResponses(page)

    await page.goto(target.url, { waitUntil: 'commit' })
    const buttonMs = await markOf(page, 'button', stepTimeoutMs)
    const firstLoadJsGzip = await gzippedJavaScript(
      await resourcesOnceSettled(page, settleQuietMs, stepTimeoutMs),
      responses,
    )

    await page
      .getByRole('button', { name: /connect/i })
      .first()
      .click()
    let walletListMs: number | undefined
    if (target.hasWalletList) {
      const listAt = await markOf(page, 'walletList', stepTimeoutMs)
      await page.getByText(testWalletInfo.name, { exact: true }).first().click()
      walletListMs = listAt - (await pressesOf(page))[0]!
    }
    const connectedAt = await markOf(page, 'connected', stepTimeoutMs)
    const connectedMs = connectedAt - (await pressesOf(page))[pressesToConnect - 1]!
    return { firstLoadJsGzip, buttonMs, walletListMs, connectedMs, nonLocalRequests: [...nonLocalRequests] }
  } finally {
    await context.close()
  }
}
