import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createApiApp } from '../../../services/api/app.js'
import { migrate, openDatabase } from '../../../services/api/db/index.js'
import { ProjectStore, projectMigrations } from '../../../services/api/projects/index.js'
import { siwxMigrations, siwxRoutes } from '../../../services/api/siwx/index.js'
import { createSiwxVerifier } from '../../../services/api/siwx/verify/index.js'

/** The page the sign-in happens on: the project's one allowed origin. */
export const pageOrigin = 'https://app.example.com'
export const projectId = 'demo'

/**
 * The real api service with its sign-in routes on a free loopback port: SQLite in memory, one project
 * allowing `pageOrigin`, sign-in on chains 1 and 31337, signatures checked by the api's own verifier
 * (EOAs offline: no RPC is configured).
 */
export async function startSiwxApi() {
  const db = await openDatabase(':memory:')
  await migrate(db, [projectMigrations, siwxMigrations])
  await new ProjectStore(db).create({
    id: projectId,
    name: 'Demo',
    allowedOrigins: [pageOrigin],
    rateLimitPerMinute: 10_000,
  })
  const verifier = createSiwxVerifier({ rpcUrl: () => undefined })
  const quiet = { info() {}, warn() {}, error() {} }
  const app = createApiApp({
    db,
    adminToken: 'a'.repeat(64),
    logger: quiet,
    routes: [
      (deps) =>
        siwxRoutes({
          ...deps,
          verify: (input) => verifier.verify(input),
          chains: ['eip155:1', 'eip155:31337'],
        }),
    ],
  })
  const server = createServer(app.listener)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await db.close()
    },
  }
}

export type SentRequest = { method: string; url: string; credentials?: RequestCredentials; headers: Headers }

/**
 * A fetch that behaves as the page's browser does for these calls: it sends the page's Origin, keeps the
 * cookies the api sets and sends them back only for `credentials: 'include'`; it records each request.
 */
export function pageBrowser() {
  const cookies = new Map<string, string>()
  const sent: SentRequest[] = []
  const setCookies: string[] = []
  const fetcher: typeof fetch = async (input, init = {}) => {
    const headers = new Headers(init.headers)
    sent.push({ method: init.method ?? 'GET', url: String(input), credentials: init.credentials, headers })
    const outgoing = new Headers(headers)
    outgoing.set('origin', pageOrigin)
    const withCookies = init.credentials === 'include'
    if (withCookies && cookies.size > 0)
      outgoing.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '))
    const response = await fetch(input, { ...init, headers: outgoing })
    if (withCookies) for (const line of response.headers.getSetCookie()) keep(cookies, setCookies, line)
    return response
  }
  return { fetch: fetcher, cookies, sent, setCookies }
}

function keep(cookies: Map<string, string>, seen: string[], line: string): void {
  seen.push(line)
  const [pair = '', ...attributes] = line.split(';').map((part) => part.trim())
  const [name = '', value = ''] = pair.split('=')
  const gone = value === '' || attributes.some((attribute) => /^max-age=0$/i.test(attribute))
  if (gone) cookies.delete(name)
  else cookies.set(name, value)
}
