import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from '@playwright/test'
import { serveDemo } from '../../services/index.js'
import { chromiumLaunchOptions } from '../../test/support/browser.js'
import { type ChainFixture, startChainFixture } from '../../test/support/chain.js'
import { type StaticServer, serveDirectory } from '../../test/support/staticServer.js'
import { buildPage, hasViteConfig } from './buildPage.js'
import { chainRpcUrlEnv, demoChainId, demoProjectId } from './demoPage.js'
import { ensurePeerInstalled } from './install.js'
import { measureRun, type PageUnderTest, type RunResult } from './measureRun.js'
import { type PageResult, printReport } from './report.js'

/**
 * Our demo page against the same page made with AppKit and RainbowKit, and a bare wagmi page as the
 * first-load-JS baseline. Every page is built the same way, served from loopback, and loaded cold in
 * Chromium with the test wallet injected; requests to any other host are aborted and counted.
 *
 *   npm run bench -- peers [--runs 9] [--warmup 1] [--pages ours,appkit,rainbowkit,bare]
 *
 * Nine cold loads a page by default: a page's latencies swing by a few milliseconds between loads on a
 * shared machine, and the connect latency is a few tens of them, so five loads' median could land a ratio
 * on either side of its target from one run to the next.
 */
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '9' },
    warmup: { type: 'string', default: '1' },
    pages: { type: 'string', default: 'ours,appkit,rainbowkit,bare' },
  },
})
const runs = Number(values.runs)
const warmup = Number(values.warmup)
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(warmup) || warmup < 0) {
  console.error('--runs must be a whole number ≥ 1 and --warmup one ≥ 0')
  process.exit(2)
}
// Run by scripts/bench.mjs from the repository root.
const root = process.cwd()
const sites = join(root, '.pairwise/bench/peers-sites')
const log = (line: string) => console.log(line)

type PageSource = Omit<PageUnderTest, 'url'> & {
  readonly directory: string
  readonly peer: boolean
  serve(outDir: string, rpcUrl: string): Promise<StaticServer>
}

const servePeer = (outDir: string) => serveDirectory(outDir)
/** Ours learns the chain the way `npm start` tells it: the demo server writes it into the page. */
const serveOurs = (outDir: string, rpcUrl: string) =>
  serveDemo({
    dir: outDir,
    host: '127.0.0.1',
    port: 0,
    config: { networks: [{ id: demoChainId, name: 'Anvil', rpcUrl }], projectId: demoProjectId },
  })

const announced = { announce: true, injectWindowEthereum: false }
const sources: readonly PageSource[] = [
  {
    name: 'ours',
    directory: join(root, 'examples/demo'),
    peer: false,
    serve: serveOurs,
    inject: announced,
    hasWalletList: true,
  },
  {
    name: 'appkit',
    directory: join(root, 'bench/peers/appkit'),
    peer: true,
    serve: servePeer,
    inject: announced,
    hasWalletList: true,
  },
  {
    name: 'rainbowkit',
    directory: join(root, 'bench/peers/rainbowkit'),
    peer: true,
    serve: servePeer,
    inject: announced,
    hasWalletList: true,
  },
  // wagmi's injected() connector reads window.ethereum.
  {
    name: 'bare',
    directory: join(root, 'bench/peers/bare'),
    peer: true,
    serve: servePeer,
    inject: { announce: false, injectWindowEthereum: true },
    hasWalletList: false,
  },
]

function selectedSources(): PageSource[] {
  const wanted = values.pages.split(',')
  const unknown = wanted.filter((name) => !sources.some((s) => s.name === name))
  if (unknown.length > 0) {
    console.error(`unknown page(s) ${unknown.join(', ')}; known: ${sources.map((s) => s.name).join(', ')}`)
    process.exit(2)
  }
  return sources.filter((source) => {
    if (!wanted.includes(source.name)) return false
    if (source.peer || existsSync(join(source.directory, 'index.html'))) return true
    log(`ours: skipped, ${source.directory} does not exist yet (no index.html); measuring the peers only`)
    return false
  })
}

/** Installs (peers), builds and serves one page; a page that fails to build is reported, not fatal. */
async function preparePage(
  source: PageSource,
  rpcUrl: string,
  servers: StaticServer[],
): Promise<PageUnderTest | string> {
  try {
    if (source.peer) ensurePeerInstalled(source.directory, log)
    const outDir = join(sites, source.name)
    log(`Building ${source.name}…`)
    await buildPage({
      root: source.directory,
      outDir,
      useConfigFile: !source.peer && hasViteConfig(source.directory),
    })
    const server = await source.serve(outDir, rpcUrl)
    servers.push(server)
    return {
      name: source.name,
      inject: source.inject,
      hasWalletList: source.hasWalletList,
      url: `${server.url}/`,
    }
  } catch (error) {
    return `${source.name}: not measured, it could not be installed or built: ${error instanceof Error ? error.message : String(error)}`
  }
}

async function measureAll(
  pages: readonly PageUnderTest[],
  chain: ChainFixture,
): Promise<{ results: PageResult[]; browserVersion: string }> {
  const browser = await chromium.launch(chromiumLaunchOptions)
  const results = new Map(
    pages.map((page) => [page.name, { runs: [] as RunResult[], failures: [] as string[] }]),
  )
  try {
    // Round-robin so that drift in the machine's load spreads over every page alike.
    for (let round = 0; round < warmup + runs; round++) {
      const measured = round >= warmup
      log(`${measured ? `Run ${round - warmup + 1}/${runs}` : `Warm-up ${round + 1}/${warmup}`}…`)
      for (const page of pages) {
        const result = results.get(page.name)!
        try {
          const run = await measureRun(browser, page, chain)
          if (measured) result.runs.push(run)
        } catch (error) {
          const why = error instanceof Error ? error.message.split('\n')[0]! : String(error)
          if (measured) result.failures.push(why)
          else log(`${page.name}: the warm-up load failed: ${why}`)
        }
      }
    }
    return {
      results: pages.map((page) => ({ name: page.name, ...results.get(page.name)! })),
      browserVersion: browser.version(),
    }
  } finally {
    await browser.close()
  }
}

async function main(): Promise<number> {
  const selected = selectedSources()
  const chain = await startChainFixture()
  const servers: StaticServer[] = []
  try {
    // Vite hands VITE_* variables from the environment to the peer pages at build time.
    process.env[chainRpcUrlEnv] = chain.rpcUrl
    const prepared = []
    for (const source of selected) prepared.push(await preparePage(source, chain.rpcUrl, servers))
    const pages = prepared.filter((p): p is PageUnderTest => typeof p !== 'string')
    const buildFailures = prepared.filter((p): p is string => typeof p === 'string')
    for (const failure of buildFailures) log(failure)
    const { results, browserVersion } = await measureAll(pages, chain)
    printReport(
      results,
      `peers benchmark: ${runs} cold loads per page after ${warmup} warm-up (medians), Chromium ${browserVersion} on loopback, chain ${chain.rpcUrl}; non-loopback requests aborted`,
    )
    return buildFailures.length > 0 || results.some((r) => r.runs.length === 0) ? 1 : 0
  } finally {
    await Promise.all(servers.map((server) => server.close()))
    await chain.stop()
  }
}

process.exitCode = await main()
