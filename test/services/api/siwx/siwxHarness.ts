import type { Hono } from 'hono'
import type { PrivateKeyAccount } from 'viem/accounts'
import { privateKeyToAccount } from 'viem/accounts'
import { formatSiwxMessage } from '../../../../engine/siwx/index.js'
import type { SIWXMessageData, SIWXSession } from '../../../../engine/siwx/types.js'
import type { Database } from '../../../../services/api/db/index.js'
import type { SiwxRouteOptions } from '../../../../services/api/siwx/index.js'
import { siwxApiApp } from './siwxApp.js'

export const origin = 'http://localhost:5173'
export const start = Date.UTC(2026, 0, 10, 12)
export const minute = 60_000

export const alice = privateKeyToAccount(`0x${'11'.repeat(32)}`)
export const bob = privateKeyToAccount(`0x${'22'.repeat(32)}`)
export const carol = privateKeyToAccount(`0x${'33'.repeat(32)}`)

export const iso = (ms: number) => new Date(ms).toISOString()

export type Harness = {
  app: Hono
  db: Database
  clock: { now: number }
  /** A fresh nonce from the api. */
  nonce(): Promise<string>
  /** A signed session for `account` with a fresh nonce; `over` changes the data before it is written. */
  signed(account: PrivateKeyAccount, over?: Partial<SIWXMessageData>): Promise<SIWXSession>
  /** Any request to the api, from the page's origin unless `headers` says otherwise. */
  call(
    path: string,
    init?: { method?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<Response>
  /** POST /siwx/sessions with `session` (`query` e.g. '&auth=bearer'). */
  post(session: unknown, headers?: Record<string, string>, query?: string): Promise<Response>
}

/**
 * The api app with only the sign-in routes, one project `demo` served on http://localhost:5173 (and
 * https://app.example.com), the real signature verifier (EOA checks need no RPC), a settable clock.
 */
export async function siwxHarness(db: Database, options: Partial<SiwxRouteOptions> = {}): Promise<Harness> {
  const clock = { now: start }
  const { hono: app } = await siwxApiApp(db, {
    projectId: 'demo',
    origins: [origin, 'https://app.example.com'],
    now: () => clock.now,
    routes: { noncesPerIpPerMinute: 1000, ...options },
  })

  const call: Harness['call'] = async (path, init = {}) =>
    app.request(path, {
      method: init.method ?? 'GET',
      headers: { origin, 'content-type': 'application/json', ...init.headers },
      ...(init.body === undefined
        ? {}
        : { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) }),
    })
  const nonce = async () => {
    const answer = await call('/siwx/nonce?projectId=demo', { method: 'POST' })
    if (answer.status !== 200) throw new Error(`nonce: ${answer.status} ${await answer.text()}`)
    return ((await answer.json()) as { nonce: string }).nonce
  }
  const signed: Harness['signed'] = async (account, over = {}) => {
    const data: SIWXMessageData = {
      accountAddress: account.address,
      chainId: 'eip155:1',
      domain: 'localhost:5173',
      uri: `${origin}/`,
      version: '1',
      nonce: over.nonce ?? (await nonce()),
      issuedAt: iso(clock.now),
      expirationTime: iso(clock.now + 60 * minute),
      ...over,
    }
    const message = formatSiwxMessage(data)
    return { data, message, signature: await account.signMessage({ message }) }
  }
  const post: Harness['post'] = (session, headers = {}, query = '') =>
    call(`/siwx/sessions?projectId=demo${query}`, { method: 'POST', body: session, headers })
  return { app, db, clock, nonce, signed, call, post }
}

/** The `name=value` part of a Set-Cookie header, for the next request's Cookie header. */
export function cookieOf(answer: Response): string {
  const header = answer.headers.get('set-cookie') ?? ''
  return header.split(';')[0] ?? ''
}

export async function refusal(answer: Response): Promise<{ status: number; code: string; message: string }> {
  const body = (await answer.json()) as { code: string; message: string }
  return { status: answer.status, code: body.code, message: body.message }
}
