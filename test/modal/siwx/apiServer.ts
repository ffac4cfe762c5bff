import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { openDatabase } from '../../../services/api/db/index.js'
import { siwxApiApp } from '../../services/api/siwx/siwxApp.js'

/** The page the sign-in happens on: the project's one allowed origin. */
export const pageOrigin = 'https://app.example.com'
export const projectId = 'demo'

/** The real api service with its sign-in routes (siwxApiApp) on a free loopback port, SQLite in memory. */
export async function startSiwxApi() {
  const db = await openDatabase(':memory:')
  const app = await siwxApiApp(db, { projectId, origins: [pageOrigin] })
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
