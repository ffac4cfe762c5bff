import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  chainBatchSize,
  chainHttpTimeoutMs,
  chainRetryCount,
  chainRetryDelayMs,
  createChainClient,
} from '../../../modal/adapters/eip155/chainClient.js'
import { defineNetwork } from '../../../modal/networks/defineNetwork.js'
import { unsupportedNetwork } from '../../../modal/networks/unsupportedNetwork.js'

type Handler = (body: unknown, req: IncomingMessage, res: ServerResponse) => void

let server: Server | undefined

afterEach(async () => {
  // The spy on the faked setTimeout goes first: undone after, it would put the fake back.
  vi.restoreAllMocks()
  vi.useRealTimers()
  const open = server
  server = undefined
  if (!open) return
  open.closeAllConnections()
  await new Promise((resolve) => open.close(resolve))
})

/** A JSON-RPC endpoint on loopback; `handle` answers (or does not answer) each POST. */
async function rpcServer(handle: Handler): Promise<string> {
  server = createServer((req, res) => {
    let text = ''
    req.on('data', (chunk: Buffer) => {
      text += chunk.toString()
    })
    req.on('end', () => handle(JSON.parse(text), req, res))
  })
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/rpc`
}

const networkAt = (url: string) =>
  defineNetwork({
    id: 31337,
    name: 'Local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  })

const noCondition = () => false

/** Fires zero-delay timers (the batch queue is one) until `done` holds, in at most 2 s of real time. */
async function flushUntil(done: () => boolean): Promise<void> {
  const start = vi.getRealSystemTime()
  while (!done()) {
    if (vi.getRealSystemTime() - start > 2000) throw new Error('condition not reached in 2 s')
    await vi.advanceTimersByTimeAsync(0)
    await real(10)
  }
}

/**
 * Real time for the sockets while fake timers hold the client's own waits (vi.waitFor would advance them).
 * Resolves after `ms` of real time, or as soon as `done` holds.
 */
function real(ms: number, done: () => boolean = noCondition): Promise<void> {
  const start = vi.getRealSystemTime()
  return new Promise((resolve, reject) => {
    const check = () => {
      if (done()) resolve()
      else if (vi.getRealSystemTime() - start < ms) setImmediate(check)
      else if (done === noCondition) resolve()
      else reject(new Error(`not within ${ms} ms`))
    }
    check()
  })
}

/** The delays of the timers set from now on, so a test knows when the client's own wait has begun. */
function watchDelays(): number[] {
  const delays: number[] = []
  const fake = globalThis.setTimeout
  vi.spyOn(globalThis, 'setTimeout').mockImplementation(((
    handler: (...args: unknown[]) => void,
    ms?: number,
    ...rest: unknown[]
  ) => {
    delays.push(ms ?? 0)
    return fake(handler, ms, ...rest)
  }) as typeof setTimeout)
  return delays
}

describe('the modal chain client (§9 blockchain client)', () => {
  it('CONST-14 requests made together go out as JSON-RPC batches of at most 1000', async () => {
    expect(chainBatchSize).toBe(1000)
    const bodies: unknown[] = []
    const url = await rpcServer((body, _req, res) => {
      bodies.push(body)
      const answers = (body as { id: number }[]).map(({ id }) => ({ jsonrpc: '2.0', id, result: '0x1' }))
      res.setHeader('content-type', 'application/json').end(JSON.stringify(answers))
    })
    const client = createChainClient(networkAt(url))
    const results = await Promise.all(
      Array.from({ length: 1001 }, () => client.request({ method: 'eth_blockNumber' })),
    )
    expect(results).toHaveLength(1001)
    expect(bodies.map((b) => (b as unknown[]).length)).toEqual([1000, 1])
    expect((bodies[1] as unknown[])[0]).toEqual({
      id: expect.any(Number),
      jsonrpc: '2.0',
      method: 'eth_blockNumber',
    })
  })

  it('CONST-13 a request the RPC never answers is abandoned after 10 s', async () => {
    expect(chainHttpTimeoutMs).toBe(10_000)
    const arrivals: IncomingMessage[] = []
    const url = await rpcServer((_body, req) => {
      arrivals.push(req)
    })
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const client = createChainClient(networkAt(url))
    void client.request({ method: 'eth_blockNumber' }).catch(() => undefined)
    await flushUntil(() => arrivals.length === 1)
    let closed = false
    arrivals[0]?.socket.on('close', () => {
      closed = true
    })
    await vi.advanceTimersByTimeAsync(chainHttpTimeoutMs - 50)
    await real(100)
    expect(closed).toBe(false)
    await vi.advanceTimersByTimeAsync(50)
    await real(2000, () => closed)
  })

  it('CONST-17 a failing request is retried 6 times, 200 ms apart and doubling', async () => {
    expect([chainRetryCount, chainRetryDelayMs]).toEqual([6, 200])
    let arrivals = 0
    const url = await rpcServer((_body, _req, res) => {
      arrivals += 1
      res.statusCode = 500
      res.end('down')
    })
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const delays = watchDelays()
    const client = createChainClient(networkAt(url))
    let failure: unknown
    void client.request({ method: 'eth_blockNumber' }).catch((error: unknown) => {
      failure = error
    })
    await flushUntil(() => arrivals === 1)
    for (const [retry, wait] of [200, 400, 800, 1600, 3200, 6400].entries()) {
      // The failed answer reaches the client in real time; its wait begins only then.
      await flushUntil(() => delays.includes(wait))
      await vi.advanceTimersByTimeAsync(wait - 1)
      await real(100)
      expect(arrivals, `retry ${retry + 1} before its ${wait} ms wait`).toBe(retry + 1)
      // The wait ends; the batch queue's zero-delay timer, set inside that tick, is 1 ms on fake timers.
      await vi.advanceTimersByTimeAsync(1)
      await vi.advanceTimersByTimeAsync(1)
      await flushUntil(() => arrivals === retry + 2)
    }
    await flushUntil(() => failure !== undefined)
    expect(failure).toMatchObject({ name: 'HttpRequestError' })
    await vi.advanceTimersByTimeAsync(60_000)
    await real(100)
    expect(arrivals).toBe(7)
  })

  it('ERR-49 a network with no RPC URL has no chain client: a missing RPC URL error', () => {
    expect(() => createChainClient(unsupportedNetwork('eip155', 5))).toThrow(
      expect.objectContaining({ code: 'RPC_URL_MISSING', message: expect.stringMatching(/Missing RPC URL/) }),
    )
  })
})
