import { readFile } from 'node:fs/promises'
import type { ServerResponse } from 'node:http'
import { extname, join, normalize, sep } from 'node:path'
import { decodePath, HttpError, requestTarget, serve } from '../kit/index.js'
import { consoleLogger, type Logger } from '../relay/index.js'

export type DemoPageConfig = {
  /** Each EVM network; `testUsd` is the stack's Test USD there (the batch examples send some). */
  networks: { id: number; name: string; rpcUrl: string; ensUniversalResolver?: string; testUsd?: string }[]
  relayUrl?: string
  projectId?: string
  /** A wallet registry to use instead of the bundled one (the modal's one remote "api"). */
  walletRegistryUrl?: string
  /** The self-hosted api service (project config, balances, activity); nothing is fetched without it. */
  apiUrl?: string
  /** Where WalletConnect proposals and requests are registered, so wallets can verify the page's origin. */
  verifyUrl?: string
  /** The self-hosted auth service that serves the embedded wallet's secure frame (email login). */
  authUrl?: string
  /** The local Solana clusters, each with its test token's mint (the multichain page). */
  solanaNetworks?: { genesisHash: string; name: string; rpcUrl: string; testUsdMint?: string }[]
  /** The local Bitcoin chains, each with the Esplora API that serves it (the multichain page). */
  bitcoinNetworks?: {
    chain: 'mainnet' | 'testnet3' | 'testnet4' | 'signet' | 'regtest'
    name: string
    esploraUrl: string
  }[]
}

/** A page beside the demo: its built folder, and what of the stack's config it sees differently (its project). */
export type ExamplePage = string | { dir: string; config?: Partial<DemoPageConfig> }

export type RunningDemo = { url: string; port: number; close(): Promise<void> }

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
}

const configTag = /(<script id="pairwise-demo-config" type="application\/json">)[^<]*(<\/script>)/

/**
 * Serves the built demo page, writing the local stack's addresses into its config tag so the page needs
 * no extra request to learn them. Only GET and HEAD; nothing outside `dir` is reachable.
 */
export async function serveDemo(options: {
  dir: string
  /**
   * More example pages beside the demo, each a built folder served under `/<name>/` with the same
   * config tag (the sign-in page is `siwx`). Names are single path segments.
   */
  pages?: Readonly<Record<string, ExamplePage>>
  host: string
  port: number
  config: DemoPageConfig
  /** Where handler failures go; warnings and errors on stderr by default. */
  logger?: Logger
}): Promise<RunningDemo> {
  const json = (config: DemoPageConfig) => JSON.stringify(config).replace(/</g, '\\u003c')
  const sites = [
    ...Object.entries(options.pages ?? {}).map(([name, page]) => {
      if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`example page name ${name} is not one path segment`)
      const { dir, config } = typeof page === 'string' ? { dir: page, config: {} } : page
      return { prefix: `/${name}/`, dir, config: { ...options.config, ...config } }
    }),
    { prefix: '/', dir: options.dir, config: options.config },
  ]
  const pages = await Promise.all(
    sites.map(async (site) => ({ ...site, page: await configuredPage(site.dir, json(site.config)) })),
  )
  const served = await serve(
    async (request, response) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        response.setHeader('allow', 'GET, HEAD')
        throw new HttpError(405, 'Only GET and HEAD')
      }
      const path = decodePath(requestTarget(request).pathname)
      const site = pages.find(({ prefix }) => path.startsWith(prefix) || path === prefix.slice(0, -1))
      if (!site) throw new HttpError(404, 'Not found')
      if (path === site.prefix.slice(0, -1) && site.prefix !== '/') {
        response.writeHead(308, { location: site.prefix }).end()
        return
      }
      const inside = path.slice(site.prefix.length - 1)
      if (inside === '/' || inside === '/index.html')
        return send(response, request.method, 'text/html; charset=utf-8', site.page)
      const file = normalize(join(site.dir, inside))
      if (inside.includes('\0') || !file.startsWith(site.dir + sep)) throw new HttpError(404, 'Not found')
      let body: Buffer
      try {
        body = await readFile(file)
      } catch {
        throw new HttpError(404, 'Not found')
      }
      send(response, request.method, contentTypes[extname(file)] ?? 'application/octet-stream', body, true)
    },
    {
      name: 'demo',
      logger: options.logger ?? consoleLogger('warn'),
      host: options.host,
      port: options.port,
      // Against DNS rebinding: another site's page, its name rebound to loopback, reads no page here.
      names: [options.host],
    },
  )
  return { url: served.url, port: served.port, close: () => served.close() }
}

/** A page's index.html with the stack's config written into its config tag. */
async function configuredPage(dir: string, json: string): Promise<string> {
  const index = await readFile(join(dir, 'index.html'), 'utf8')
  if (!configTag.test(index)) throw new Error(`${dir}/index.html has no pairwise-demo-config tag`)
  return index.replace(configTag, (_m, open: string, close: string) => `${open}${json}${close}`)
}

function send(
  response: ServerResponse,
  method: string,
  type: string,
  body: string | Buffer,
  immutable = false,
): void {
  response.writeHead(200, {
    'content-type': type,
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
  })
  response.end(method === 'HEAD' ? undefined : body)
}
