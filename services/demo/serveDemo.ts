import { readFile } from 'node:fs/promises'
import type { Server, ServerResponse } from 'node:http'
import { extname, join, normalize, sep } from 'node:path'
import {
  consoleLogger,
  createSafeServer,
  decodePath,
  HttpError,
  type Logger,
  requestTarget,
} from '../../relay/server/index.js'

export type DemoPageConfig = {
  networks: { id: number; name: string; rpcUrl: string }[]
  relayUrl?: string
  projectId?: string
  /** A wallet registry to use instead of the bundled one (the modal's one remote "api"). */
  walletRegistryUrl?: string
  /** The self-hosted api service (project config, balances, activity); nothing is fetched without it. */
  apiUrl?: string
  /** Where WalletConnect proposals and requests are registered, so wallets can verify the page's origin. */
  verifyUrl?: string
}

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
  host: string
  port: number
  config: DemoPageConfig
  /** Where handler failures go; warnings and errors on stderr by default. */
  logger?: Logger
}): Promise<RunningDemo> {
  const index = await readFile(join(options.dir, 'index.html'), 'utf8')
  if (!configTag.test(index)) throw new Error(`${options.dir}/index.html has no pairwise-demo-config tag`)
  const json = JSON.stringify(options.config).replace(/</g, '\\u003c')
  const page = index.replace(configTag, (_m, open: string, close: string) => `${open}${json}${close}`)
  const server = createSafeServer(
    async (request, response) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        response.setHeader('allow', 'GET, HEAD')
        throw new HttpError(405, 'Only GET and HEAD')
      }
      const path = decodePath(requestTarget(request).pathname)
      if (path === '/' || path === '/index.html')
        return send(response, request.method, 'text/html; charset=utf-8', page)
      const file = normalize(join(options.dir, path))
      if (path.includes('\0') || !file.startsWith(options.dir + sep)) throw new HttpError(404, 'Not found')
      let body: Buffer
      try {
        body = await readFile(file)
      } catch {
        throw new HttpError(404, 'Not found')
      }
      send(response, request.method, contentTypes[extname(file)] ?? 'application/octet-stream', body, true)
    },
    { name: 'demo', logger: options.logger ?? consoleLogger('warn') },
  )
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host, resolve)
  })
  const port = (server.address() as { port: number }).port
  return { url: `http://${options.host}:${port}`, port, close: () => closeServer(server) }
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

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections()
  return new Promise((resolve) => server.close(() => resolve()))
}
