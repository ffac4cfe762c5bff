import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Hono } from 'hono'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiChains, localApiChain } from '../../../../services/api/chains/index.js'
import {
  HttpUpstream,
  type RpcProxyOptions,
  type RpcUpstream,
  rpcProxyRoutes,
} from '../../../../services/api/rpcProxy/index.js'
import { appWith, routeDeps } from '../support/routeHarness.js'

type Sent = { id: number; method: string; params?: unknown[] }
type Answer = { status: number; body: unknown }

const answerOf = ({ id, method }: Sent) => ({ jsonrpc: '2.0', id, result: method })
/** Answers `body` (a call or a batch) at once, each call's result its method. */
const answered = (body: string) => {
  const sent = JSON.parse(body) as Sent | Sent[]
  return JSON.stringify(Array.isArray(sent) ? sent.map(answerOf) : answerOf(sent))
}
/** Whether `body` is one eth_getLogs, or one full block, a slow node's answer to either taking a while. */
const isSlow = (body: string) => {
  if (body.startsWith('[')) return false
  const { method, params } = JSON.parse(body) as Sent
  return method === 'eth_getLogs' || (method === 'eth_getBlockByNumber' && params?.[1] === true)
}

const servers: Server[] = []
const upstreams: HttpUpstream[] = []

afterEach(async () => {
  for (const upstream of upstreams.splice(0)) upstream.close()
  await Promise.all(
    servers.splice(0).map((server) => {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(resolve))
    }),
  )
})

/**
 * A chain RPC over HTTP that holds each eth_getLogs and full block unanswered until `release()`, as a slow
 * node does, and answers every other request at once.
 */
async function slowLogsRpc() {
  const held: { response: ServerResponse; body: string }[] = []
  let most = 0
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString()
    response.setHeader('content-type', 'application/json')
    if (!isSlow(body)) return void response.end(answered(body))
    held.push({ response, body })
    most = Math.max(most, held.length)
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    holding: () => held.length,
    /** The most calls the node held at one time. */
    mostHeld: () => most,
    release: () => {
      for (const { response, body } of held.splice(0)) response.end(answered(body))
    },
  }
}

/** `slowLogsRpc` as an RpcUpstream of its own, with no connection pool; `slow` says which bodies it holds. */
class SlowLogsUpstream implements RpcUpstream {
  private readonly held: (() => void)[] = []
  constructor(private readonly slow: (body: string) => boolean = isSlow) {}
  holding(): number {
    return this.held.length
  }
  async post(_url: string, body: string): Promise<string> {
    if (this.slow(body)) await new Promise<void>((resolve) => this.held.push(resolve))
    return answered(body)
  }
  release(): void {
    for (const resolve of this.held.splice(0)) resolve()
  }
}

async function proxy(rpcUrl: string, upstream: RpcUpstream, batching: RpcProxyOptions['batching'] = {}) {
  const deps = await routeDeps({ now: 5_000_000 })
  const chain = localApiChain({ rpcUrl, testUsd: `0x${'0'.repeat(39)}1` })
  const chains = new ApiChains([{ ...chain, bundlers: { local: 'http://127.0.0.1:2' } }])
  return appWith(rpcProxyRoutes({ ...deps, chains, upstream, batching }))
}

const call = (method: string, params: unknown[] = []) => ({ jsonrpc: '2.0', id: 1, method, params })
// Each its own range: identical reads of one turn share one upstream request, and these count calls held.
let ranges = 0
const logs = () => call('eth_getLogs', [{ fromBlock: `0x${(ranges++).toString(16)}` }])
const fullBlock = () => call('eth_getBlockByNumber', [`0x${(ranges++).toString(16)}`, true])

/** `body` posted to the proxy (or `path`) by the client at address `client`: its status and JSON. */
async function post(
  app: Hono,
  client: string,
  body: unknown,
  path = '/v1?chainId=eip155:31337',
): Promise<Answer> {
  const response = await app.request(
    `${path}&projectId=p1`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    { incoming: { socket: { remoteAddress: client } } },
  )
  return { status: response.status, body: await response.json() }
}

const statuses = (answers: Answer[]) => answers.map(({ status }) => status).sort()
const settled = { timeout: 10_000 }

describe("one client's calls sent upstream alone", () => {
  it("hold no more than the client's share of the upstream's connections: another client's eth_blockNumber is answered while they run", async () => {
    const rpc = await slowLogsRpc()
    // Four connections to the node, two of them one client's at most; a call waits 5 s for one.
    const upstream = new HttpUpstream({ maxSockets: 4, timeoutMs: 5_000 })
    upstreams.push(upstream)
    const app = await proxy(rpc.url, upstream, { maxAloneCallsPerClient: 2 })
    const logsAnswered: number[] = []
    const greedy = Array.from({ length: 6 }, async () => {
      const answer = await post(app, '198.51.100.1', logs())
      logsAnswered.push(answer.status)
      return answer
    })
    await vi.waitFor(() => expect(rpc.holding()).toBeGreaterThanOrEqual(2), settled)

    // Answered while the client's forwarded eth_getLogs still run, not once they fail: only its calls past
    // its share were turned away.
    const blockNumber = await post(app, '198.51.100.2', call('eth_blockNumber'))
    expect({ blockNumber, logsAnswered: logsAnswered.sort() }).toEqual({
      blockNumber: { status: 200, body: { jsonrpc: '2.0', id: 1, result: 'eth_blockNumber' } },
      logsAnswered: [429, 429, 429, 429],
    })
    expect(rpc.mostHeld()).toBe(2)
    rpc.release()
    expect(statuses(await Promise.all(greedy))).toEqual([200, 200, 429, 429, 429, 429])
  }, 20_000)

  it('are refused 429 past 8 by default, counted per IPv6 /64 with batches and full blocks, and taken again once answered', async () => {
    const upstream = new SlowLogsUpstream()
    const app = await proxy('http://127.0.0.1:1', upstream)
    const first = Array.from({ length: 4 }, () => post(app, '2001:db8:1:1::1', logs()))
    const batch = post(app, '2001:db8:1:1::2', [logs(), logs(), logs(), logs(), call('eth_blockNumber')])
    await vi.waitFor(() => expect(upstream.holding()).toBe(8), settled)

    // The same /64 holds its 8: a lone call, a full block, or a batch with one is refused.
    const refused = [
      post(app, '2001:db8:1:1::3', logs()),
      post(app, '2001:db8:1:1::3', fullBlock()),
      post(app, '2001:db8:1:1::3', [call('eth_chainId'), logs()]),
    ]
    // Its calls that go out batched are not counted, nor are other clients' calls.
    const hashesOnly = call('eth_getBlockByNumber', ['latest', false])
    expect((await post(app, '2001:db8:1:1::3', hashesOnly)).status).toBe(200)
    expect(upstream.holding()).toBe(8)
    expect(statuses(await Promise.all(refused))).toEqual([429, 429, 429])
    const other = post(app, '2001:db8:1:2::1', logs())
    await vi.waitFor(() => expect(upstream.holding()).toBe(9), settled)

    upstream.release()
    expect(statuses([...(await Promise.all(first)), await batch, await other])).toEqual(Array(6).fill(200))
    const again = post(app, '2001:db8:1:1::1', fullBlock())
    await vi.waitFor(() => expect(upstream.holding()).toBe(1), settled)
    upstream.release()
    expect((await again).status).toBe(200)
  })

  it('count every bundler call, each of which the bundler path sends alone: a ninth at once is refused 429', async () => {
    const upstream = new SlowLogsUpstream((body) => body.includes('eth_estimateUserOperationGas'))
    const app = await proxy('http://127.0.0.1:1', upstream)
    const bundlerPath = '/v1/bundler?chainId=eip155:31337&bundler=local'
    const estimate = call('eth_estimateUserOperationGas', [{}, `0x${'0'.repeat(40)}`])
    const held = Array.from({ length: 8 }, () => post(app, '198.51.100.7', estimate, bundlerPath))
    await vi.waitFor(() => expect(upstream.holding()).toBe(8), settled)

    let ninth: number | undefined
    const ninthAnswered = post(app, '198.51.100.7', estimate, bundlerPath).then((answer) => {
      ninth = answer.status
    })
    await vi.waitFor(() => expect(ninth).toBe(429), { timeout: 2_000 })
    expect((await post(app, '198.51.100.8', call('eth_chainId'), bundlerPath)).status).toBe(200)
    upstream.release()
    expect(statuses(await Promise.all(held))).toEqual(Array(8).fill(200))
    await ninthAnswered
  })
})
