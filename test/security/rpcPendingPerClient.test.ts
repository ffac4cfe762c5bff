import type { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { ApiChains, localApiChain } from '../../services/api/chains/index.js'
import {
  DEFAULT_MAX_PENDING_CALLS,
  pendingCallsPerClient,
  type RpcUpstream,
  rpcProxyRoutes,
} from '../../services/api/rpcProxy/index.js'
import { appWith, routeDeps } from '../services/api/support/routeHarness.js'

type Sent = { id: number; method: string }

/** An upstream that holds every request until `answer()` or `fail()`: its calls stay pending till then. */
class SlowUpstream implements RpcUpstream {
  readonly #waiting: { answer(): void; fail(): void }[] = []

  async post(_url: string, body: string): Promise<string> {
    await new Promise<void>((answer, reject) => {
      this.#waiting.push({ answer, fail: () => reject(new Error('connection reset')) })
    })
    const sent = JSON.parse(body) as Sent | Sent[]
    const answer = ({ id, method }: Sent) => ({ jsonrpc: '2.0', id, result: method })
    return JSON.stringify(Array.isArray(sent) ? sent.map(answer) : answer(sent))
  }

  /** Resolves once `requests` upstream requests are held. */
  async holding(requests: number): Promise<void> {
    while (this.#waiting.length < requests) await new Promise((resolve) => setImmediate(resolve))
  }

  answer(): void {
    for (const request of this.#waiting.splice(0)) request.answer()
  }

  fail(): void {
    for (const request of this.#waiting.splice(0)) request.fail()
  }
}

/** The proxy over `upstream` with a process cap of 10 calls held, so each client's share is 2. */
async function proxy(upstream: RpcUpstream): Promise<Hono> {
  const deps = await routeDeps({ now: 5_000_000 })
  const chains = new ApiChains([
    localApiChain({ rpcUrl: 'http://127.0.0.1:1', testUsd: '0x0000000000000000000000000000000000000001' }),
  ])
  return appWith(rpcProxyRoutes({ ...deps, chains, upstream, batching: { maxPendingCalls: 10 } }))
}

const calls = (count: number) =>
  Array.from({ length: count }, (_, id) => ({ jsonrpc: '2.0', id, method: 'eth_blockNumber' }))

/** Calls from `client` (its IP); a single call when `count` is 1, else a batch. */
const send = (app: Hono, client: string, count: number) =>
  app.request(
    '/v1?chainId=eip155:31337&projectId=p1',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(count === 1 ? calls(1)[0] : calls(count)),
    },
    { incoming: { socket: { remoteAddress: client } } },
  )

describe('calls held for the chain RPC are shared out per client', () => {
  it('one client’s slow calls take only its share: its next is refused 429, another client’s still go', async () => {
    const upstream = new SlowUpstream()
    const app = await proxy(upstream)
    const slow = send(app, '203.0.113.7', 2)
    await upstream.holding(1)
    const refused = await send(app, '203.0.113.7', 1)
    expect(refused.status).toBe(429)
    expect(await refused.json()).toMatchObject({ code: 'RATE_LIMITED' })

    const other = send(app, '198.51.100.9', 2)
    await upstream.holding(2)
    upstream.answer()
    expect((await slow).status).toBe(200)
    expect((await other).status).toBe(200)
  })

  it('gives the share back when the calls are answered or fail', async () => {
    const upstream = new SlowUpstream()
    const app = await proxy(upstream)
    const answered = send(app, '203.0.113.7', 2)
    await upstream.holding(1)
    upstream.answer()
    expect((await answered).status).toBe(200)

    const failed = send(app, '203.0.113.7', 1)
    await upstream.holding(1)
    upstream.fail()
    expect((await failed).status).toBe(502)

    const again = send(app, '203.0.113.7', 2)
    await upstream.holding(1)
    upstream.answer()
    expect((await again).status).toBe(200)
  })

  it('counts an IPv6 client by its /64', async () => {
    const upstream = new SlowUpstream()
    const app = await proxy(upstream)
    const slow = send(app, '2001:db8:1:2::1', 2)
    await upstream.holding(1)
    expect((await send(app, '2001:db8:1:2::2', 1)).status).toBe(429)
    const other = send(app, '2001:db8:1:3::1', 1)
    await upstream.holding(2)
    upstream.answer()
    expect((await slow).status).toBe(200)
    expect((await other).status).toBe(200)
  })

  it('documents a share of a fifth of the process’s calls held', () => {
    expect(pendingCallsPerClient(DEFAULT_MAX_PENDING_CALLS)).toBe(2_000)
  })
})
