import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiChains, localApiChain } from '../../../services/api/chains/index.js'
import {
  HttpUpstream,
  type RpcProxyOptions,
  type RpcUpstream,
  rpcProxyRoutes,
  UpstreamBatcher,
  UpstreamError,
} from '../../../services/api/rpcProxy/index.js'
import { freePort } from '../../../services/index.js'
import { type ChainFixture, startChainFixture } from '../../support/chain.js'
import { appWith, routeDeps } from './support/routeHarness.js'

type Sent = { jsonrpc: '2.0'; id: number; method: string; params?: unknown }
type Body = Sent | Sent[]
type Answer = { jsonrpc: '2.0'; id: unknown; result?: unknown; error?: { code: number; message: string } }

const echoOne = ({ id, method, params }: Sent) => ({
  jsonrpc: '2.0',
  id,
  result: `${method}${JSON.stringify(params)}`,
})
const echo = (body: Body) => (Array.isArray(body) ? body.map(echoOne) : echoOne(body))

/** An upstream that records every request body and answers with `reply` (by default each call's echo). */
class FakeUpstream implements RpcUpstream {
  readonly requests: Body[] = []
  constructor(private readonly reply: (body: Body) => unknown = echo) {}
  async post(_url: string, body: string): Promise<string> {
    const sent = JSON.parse(body) as Body
    this.requests.push(sent)
    const answer = await this.reply(sent)
    return typeof answer === 'string' ? answer : JSON.stringify(answer)
  }
}

/** A FakeUpstream that refuses an answer over `maxBytes` whole, as HttpUpstream does past its cap. */
class CappedUpstream extends FakeUpstream {
  constructor(
    private readonly maxBytes: number,
    reply?: (body: Body) => unknown,
  ) {
    super(reply)
  }
  override async post(url: string, body: string): Promise<string> {
    const answer = await super.post(url, body)
    if (answer.length > this.maxBytes)
      throw new UpstreamError('too-large', `answer over ${this.maxBytes} bytes`)
    return answer
  }
}

const call = (id: unknown, method: string, params: unknown[] = []) => ({ jsonrpc: '2.0', id, method, params })
const address = (i: number) => `0x${i.toString(16).padStart(40, '0')}`

describe('POST /v1 batching: concurrent calls share upstream requests', () => {
  const clock = { now: 5_000_000 }
  const warnings: string[] = []

  const proxy = async (
    upstream: RpcUpstream,
    rpcUrl = 'http://127.0.0.1:1',
    options: Partial<RpcProxyOptions> = {},
  ) => {
    const deps = await routeDeps(clock)
    const chains = new ApiChains([localApiChain({ rpcUrl, testUsd: address(1) as `0x${string}` })])
    const logger = { ...deps.logger, warn: (event: string) => void warnings.push(event) }
    return appWith(rpcProxyRoutes({ ...deps, logger, chains, upstream, ...options }))
  }
  const post = (app: Hono, body: unknown) =>
    app.request('/v1?chainId=eip155:31337&projectId=p1', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  const postAll = (app: Hono, bodies: unknown[]) =>
    Promise.all(bodies.map(async (body) => (await post(app, body)).json() as Promise<Answer | Answer[]>))

  it('sends 30 concurrent single requests as one upstream batch, each client answered under its own id', async () => {
    const upstream = new FakeUpstream()
    const app = await proxy(upstream)
    const params = (i: number) => [address(i), 'latest']
    const answers = await postAll(
      app,
      Array.from({ length: 30 }, (_, i) => call(1, 'eth_getBalance', params(i))),
    )
    expect(upstream.requests).toHaveLength(1)
    const [batch] = upstream.requests as Sent[][]
    expect(batch?.map((sent) => sent.id)).toEqual(Array.from({ length: 30 }, (_, i) => i))
    expect(answers).toEqual(
      Array.from({ length: 30 }, (_, i) => ({
        jsonrpc: '2.0',
        id: 1,
        result: `eth_getBalance${JSON.stringify(params(i))}`,
      })),
    )
  })

  it('sends identical reads of one flush once (the same params only), and eth_sendRawTransaction every time', async () => {
    const upstream = new FakeUpstream()
    const app = await proxy(upstream)
    // The filter is read by the client that made it, as only that client may.
    const filter = ((await (await post(app, call(0, 'eth_newBlockFilter'))).json()) as Answer).result
    const answers = await postAll(app, [
      ...Array.from({ length: 5 }, (_, i) => call(`n${i}`, 'eth_blockNumber')),
      call(1, 'eth_sendRawTransaction', ['0xf86b']),
      call(1, 'eth_sendRawTransaction', ['0xf86b']),
      call(2, 'eth_getFilterChanges', [filter]),
      call(3, 'eth_getFilterChanges', [filter]),
      call(4, 'eth_getBalance', [address(1), 'latest']),
      call(5, 'eth_getBalance', [address(2), 'latest']),
      call(6, 'eth_getBalance', [address(1), 'latest']),
    ])
    const methods = upstream.requests.flat().map((sent) => sent.method)
    expect(methods.filter((method) => method === 'eth_getBalance')).toHaveLength(2)
    expect(methods.filter((method) => method === 'eth_blockNumber')).toHaveLength(1)
    expect(methods.filter((method) => method === 'eth_sendRawTransaction')).toHaveLength(2)
    expect(methods.filter((method) => method === 'eth_getFilterChanges')).toHaveLength(2)
    expect(answers.slice(0, 5)).toEqual(
      Array.from({ length: 5 }, (_, i) => ({ jsonrpc: '2.0', id: `n${i}`, result: 'eth_blockNumber[]' })),
    )
  })

  it('sends eth_getLogs and full-transaction blocks alone, never in the shared batch', async () => {
    const upstream = new FakeUpstream()
    const app = await proxy(upstream)
    await postAll(app, [
      call(1, 'eth_getBalance', [address(1), 'latest']),
      call(2, 'eth_getLogs', [{ fromBlock: '0x0' }]),
      call(3, 'eth_getBlockByNumber', ['latest', true]),
      call(4, 'eth_getBlockByNumber', ['latest', false]),
      call(5, 'eth_getBalance', [address(2), 'latest']),
    ])
    const alone = upstream.requests.filter((body) => !Array.isArray(body)) as Sent[]
    expect(alone.map((sent) => sent.method).sort()).toEqual(['eth_getBlockByNumber', 'eth_getLogs'])
    const batches = upstream.requests.filter(Array.isArray)
    expect(batches.map((batch) => batch.map((sent) => sent.method))).toEqual([
      ['eth_getBalance', 'eth_getBlockByNumber', 'eth_getBalance'],
    ])
  })

  describe("one client's answer over the upstream's cap", () => {
    // Each answer fits under the cap alone; the large ones take any batch holding one over it.
    const large = `0x${'ab'.repeat(1000)}`
    const upstream = () =>
      new CappedUpstream(4096, (body) => {
        const answerOf = (sent: Sent) =>
          sent.method === 'eth_call' || sent.method === 'eth_getProof'
            ? { jsonrpc: '2.0', id: sent.id, result: large }
            : echoOne(sent)
        return Array.isArray(body) ? body.map(answerOf) : answerOf(body)
      })
    const largeCall = (id: number) => call(id, 'eth_call', [{ to: address(9), data: '0x' }, 'latest'])
    const largeProof = (id: number) => call(id, 'eth_getProof', [address(id), [], 'latest'])

    it('never fails the other calls of the upstream batch it shared: each read goes again alone', async () => {
      const capped = upstream()
      const app = await proxy(capped)
      const answers = await postAll(app, [
        call(1, 'eth_blockNumber'),
        call(2, 'eth_getBalance', [address(1), 'latest']),
        [largeCall(3), largeProof(4), largeCall(5)],
      ])
      expect(answers).toEqual([
        { jsonrpc: '2.0', id: 1, result: 'eth_blockNumber[]' },
        { jsonrpc: '2.0', id: 2, result: `eth_getBalance${JSON.stringify([address(1), 'latest'])}` },
        [3, 4, 5].map((id) => ({ jsonrpc: '2.0', id, result: large })),
      ])
    })

    it('never fails a send sent in the same turn, nor sends it twice', async () => {
      const capped = upstream()
      const app = await proxy(capped)
      const send = call(1, 'eth_sendRawTransaction', ['0xf86b'])
      const answers = await postAll(app, [send, largeCall(2), largeProof(3), largeProof(4)])
      expect(answers[0]).toEqual({ jsonrpc: '2.0', id: 1, result: 'eth_sendRawTransaction["0xf86b"]' })
      const sends = capped.requests.flat().filter((sent) => sent.method === 'eth_sendRawTransaction')
      expect(sends).toHaveLength(1)
    })
  })

  it('splits 150 calls of one flush into upstream requests of 100 and 50, each client batch in its order', async () => {
    const upstream = new FakeUpstream()
    const app = await proxy(upstream)
    const batchOf = (from: number) =>
      Array.from({ length: 75 }, (_, i) => call(i, 'eth_getBalance', [address(from + i), 'latest']))
    const answers = (await postAll(app, [batchOf(0), batchOf(75)])) as Answer[][]
    expect(upstream.requests.map((body) => (body as Sent[]).length)).toEqual([100, 50])
    expect(answers[1]?.map((answer) => answer.result)).toEqual(
      batchOf(75).map(({ method, params }) => `${method}${JSON.stringify(params)}`),
    )
    expect(answers[1]?.map((answer) => answer.id)).toEqual(batchOf(75).map(({ id }) => id))
  })

  it('answers every waiter 502 UPSTREAM_ERROR when the chain is down, the failure logged once', async () => {
    const upstream = new HttpUpstream({ timeoutMs: 1000 })
    const app = await proxy(upstream, `http://127.0.0.1:${await freePort()}`)
    warnings.length = 0
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => post(app, call(1, 'eth_getBalance', [address(i), 'latest']))),
    )
    upstream.close()
    expect(responses.map((response) => response.status)).toEqual(Array(10).fill(502))
    for (const response of responses) {
      const answer = (await response.json()) as { code: string; message: string }
      expect(answer.code).toBe('UPSTREAM_ERROR')
      expect(answer.message).toBe('The chain RPC could not be reached')
    }
    expect(warnings).toEqual(['rpc_proxy.upstream_failed'])
  })

  it('gives each client a batch refusal (one error object) under its own id', async () => {
    const refusal = { code: -32005, message: 'batch size too large', data: { limit: 1 } }
    const upstream = new FakeUpstream((body) =>
      Array.isArray(body) ? { jsonrpc: '2.0', id: null, error: refusal } : echo(body),
    )
    const answers = await postAll(await proxy(upstream), [
      call('a', 'eth_chainId'),
      call('b', 'eth_gasPrice'),
      [call('c', 'net_version'), call('d', 'test')],
    ])
    expect(answers).toEqual([
      { jsonrpc: '2.0', id: 'a', error: refusal },
      { jsonrpc: '2.0', id: 'b', error: refusal },
      [
        { jsonrpc: '2.0', id: 'c', error: refusal },
        { jsonrpc: '2.0', id: 'd', result: true },
      ],
    ])
  })

  it('answers only the client whose answer is missing with an internal error', async () => {
    const upstream = new FakeUpstream((body) => (echo(body) as Answer[]).filter((answer) => answer.id !== 1))
    const answers = await postAll(await proxy(upstream), [
      call(7, 'eth_getCode', [address(0), 'latest']),
      call(7, 'eth_getCode', [address(1), 'latest']),
      call(7, 'eth_getCode', [address(2), 'latest']),
    ])
    expect(answers).toEqual([
      { jsonrpc: '2.0', id: 7, result: `eth_getCode${JSON.stringify([address(0), 'latest'])}` },
      {
        jsonrpc: '2.0',
        id: 7,
        error: { code: -32603, message: 'Internal error: the chain RPC gave no answer' },
      },
      { jsonrpc: '2.0', id: 7, result: `eth_getCode${JSON.stringify([address(2), 'latest'])}` },
    ])
  })

  it('answers every waiter 502 when the upstream answer is not JSON or not a batch answer', async () => {
    for (const [reply, message] of [
      ['<html>bad gateway</html>', 'The chain RPC failed: its answer is not JSON'],
      [
        { jsonrpc: '2.0', id: 0, result: '0x1' },
        'The chain RPC failed: its answer is not a JSON-RPC batch answer',
      ],
    ] as const) {
      const app = await proxy(new FakeUpstream(() => reply))
      const responses = await Promise.all([
        post(app, call(1, 'eth_chainId')),
        post(app, call(2, 'net_version')),
      ])
      for (const response of responses) {
        expect(response.status).toBe(502)
        expect(await response.json()).toEqual({ code: 'UPSTREAM_ERROR', message })
      }
    }
  })

  it('refuses calls beyond the pending cap with 503 UNAVAILABLE, batches and lone calls alike, and takes them again once answered', async () => {
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let reached = () => {}
    const posted = new Promise<void>((resolve) => {
      reached = resolve
    })
    const upstream = new FakeUpstream(async (body) => {
      reached()
      await held
      return echo(body)
    })
    // One client sends every call here, its own share left above the cap: the process's cap is what it meets.
    const app = await proxy(upstream, undefined, {
      batching: { maxPendingCalls: 5, maxPendingCallsPerClient: 10 },
    })
    const first = post(
      app,
      Array.from({ length: 4 }, (_, i) => call(i, 'eth_getBalance', [address(i), 'latest'])),
    )
    await posted
    const refused = await post(app, [call(1, 'eth_chainId'), call(2, 'net_version')])
    expect(refused.status).toBe(503)
    expect(await refused.json()).toEqual({
      code: 'UNAVAILABLE',
      message: 'Server busy: too many chain RPC calls pending',
    })
    const fits = post(app, call(5, 'eth_chainId'))
    expect((await post(app, call(6, 'net_version'))).status).toBe(503)
    release()
    expect((await first).status).toBe(200)
    expect(await (await fits).json()).toEqual({ jsonrpc: '2.0', id: 5, result: 'eth_chainId[]' })
    const again = await post(
      app,
      Array.from({ length: 5 }, (_, i) => call(i, 'eth_gasPrice', [i])),
    )
    expect(again.status).toBe(200)
  })

  // Thousands deep fit in the 64 KiB body and in JSON.parse, but overflow JSON.stringify's stack.
  const nestedCall = (id: number, method: string, depth: number) =>
    `{"jsonrpc":"2.0","id":${id},"method":"${method}","params":${'['.repeat(depth)}${']'.repeat(depth)}}`
  const postText = (app: Hono, body: string) =>
    app.request('/v1?chainId=eip155:31337&projectId=p1', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    })

  it('refuses params nested over 32 deep with 400, leaving the pending cap to other calls', async () => {
    const upstream = new FakeUpstream()
    const app = await proxy(upstream, undefined, {
      batching: { maxPendingCalls: 3, maxPendingCallsPerClient: 3 },
    })
    for (let i = 0; i < 5; i++) {
      const deep = await postText(app, nestedCall(i, 'eth_call', 10_000))
      expect(deep.status).toBe(400)
      expect(((await deep.json()) as { code: string }).code).toBe('INVALID_REQUEST')
    }
    expect((await postText(app, nestedCall(1, 'eth_call', 32))).status).toBe(200)
    const after = await post(app, call(9, 'eth_chainId'))
    expect(await after.json()).toEqual({ jsonrpc: '2.0', id: 9, result: 'eth_chainId[]' })
  })

  it("never lets one client's deeply nested call fail the other clients' calls of its upstream batch", async () => {
    const upstream = new FakeUpstream()
    const app = await proxy(upstream)
    const [deep, ...others] = await Promise.all([
      postText(app, nestedCall(1, 'eth_getProof', 10_000)),
      ...Array.from({ length: 3 }, (_, i) => post(app, call(i, 'eth_getBalance', [address(i), 'latest']))),
    ])
    expect(deep?.status).toBe(400)
    for (const [i, answer] of others.entries()) {
      expect(answer.status).toBe(200)
      expect(await answer.json()).toEqual({
        jsonrpc: '2.0',
        id: i,
        result: `eth_getBalance${JSON.stringify([address(i), 'latest'])}`,
      })
    }
  })
})

describe('the upstream batcher', () => {
  it('counts a call under its pending cap only once placed: one it cannot place holds no place', async () => {
    const batcher = new UpstreamBatcher(new FakeUpstream(), { maxPendingCalls: 1 })
    // Params JSON cannot write (it overflows the stack) fail the call before it is queued.
    const deep = JSON.parse(`${'['.repeat(10_000)}${']'.repeat(10_000)}`) as unknown[]
    for (let i = 0; i < 3; i++)
      await expect(
        batcher.call('http://u', { jsonrpc: '2.0', id: i, method: 'eth_call', params: deep }),
      ).rejects.toThrow()
    expect(await batcher.call('http://u', { jsonrpc: '2.0', id: 9, method: 'eth_chainId' })).toEqual({
      jsonrpc: '2.0',
      id: 9,
      result: 'eth_chainIdundefined',
    })
  })
})

describe('the upstream batcher, a batch of reads over the answer cap', () => {
  const large = `0x${'ab'.repeat(1000)}`
  const capped = () =>
    new CappedUpstream(3000, (body) => {
      const answerOf = (sent: Sent) =>
        sent.method === 'eth_call' ? { jsonrpc: '2.0', id: sent.id, result: large } : echoOne(sent)
      return Array.isArray(body) ? body.map(answerOf) : answerOf(body)
    })
  /** An eth_call answered `large`: two of them take a batch over the cap, one alone does not. */
  const read = (id: number, to = 9) => ({
    jsonrpc: '2.0' as const,
    id,
    method: 'eth_call',
    params: [{ to: address(to), data: '0x' }, 'latest'],
  })

  it('answers each waiter of a shared read once, under its own id, and frees every place it held', async () => {
    const upstream = capped()
    const batcher = new UpstreamBatcher(upstream, { maxPendingCalls: 4 })
    const answers = await Promise.all([
      batcher.call('http://u', read(1)),
      batcher.send('http://u', [read(2), read(3)]),
      batcher.call('http://u', read(4, 8)),
    ])
    expect(answers).toEqual([
      { jsonrpc: '2.0', id: 1, result: large },
      [2, 3].map((id) => ({ jsonrpc: '2.0', id, result: large })),
      { jsonrpc: '2.0', id: 4, result: large },
    ])
    // The shared read went once in the batch and once again alone; the other read likewise.
    expect(upstream.requests.map((body) => (Array.isArray(body) ? body.length : 1))).toEqual([2, 1, 1])
    const again = await batcher.send(
      'http://u',
      [1, 2, 3, 4].map((id) => read(id)),
    )
    expect(again.map((answer) => answer.id)).toEqual([1, 2, 3, 4])
  })

  it('fails only a read whose answer alone passes the cap, and frees its place', async () => {
    const batcher = new UpstreamBatcher(
      new CappedUpstream(1024, (body) => {
        const answerOf = (sent: Sent) =>
          sent.method === 'eth_call' ? { jsonrpc: '2.0', id: sent.id, result: large } : echoOne(sent)
        return Array.isArray(body) ? body.map(answerOf) : answerOf(body)
      }),
      { maxPendingCalls: 2 },
    )
    const [tooLarge, small] = await Promise.allSettled([
      batcher.call('http://u', read(1)),
      batcher.call('http://u', { jsonrpc: '2.0', id: 2, method: 'eth_chainId' }),
    ])
    expect(tooLarge).toMatchObject({ status: 'rejected', reason: { reason: 'too-large' } })
    expect(small).toEqual({
      status: 'fulfilled',
      value: { jsonrpc: '2.0', id: 2, result: 'eth_chainIdundefined' },
    })
    const again = await batcher.send('http://u', [
      { jsonrpc: '2.0', id: 3, method: 'eth_chainId' },
      { jsonrpc: '2.0', id: 4, method: 'eth_blockNumber' },
    ])
    expect(again.map((answer) => answer.id)).toEqual([3, 4])
  })
  it('tells of an upstream failure only when a client sees it: not of a batch whose reads all answered again alone', async () => {
    const failures: string[] = []
    const onUpstreamFailure = (error: UpstreamError) => void failures.push(error.reason)
    const recovered = new UpstreamBatcher(capped(), { onUpstreamFailure })
    await Promise.all([recovered.call('http://u', read(1)), recovered.call('http://u', read(2, 8))])
    expect(failures).toEqual([])

    const oneFailed = new UpstreamBatcher(
      new CappedUpstream(1024, (body) => {
        const answerOf = (sent: Sent) =>
          sent.method === 'eth_call' ? { jsonrpc: '2.0', id: sent.id, result: large } : echoOne(sent)
        return Array.isArray(body) ? body.map(answerOf) : answerOf(body)
      }),
      { onUpstreamFailure },
    )
    await Promise.allSettled([
      oneFailed.call('http://u', read(1)),
      oneFailed.call('http://u', { jsonrpc: '2.0', id: 2, method: 'eth_chainId' }),
    ])
    expect(failures).toEqual(['too-large'])
  })
})

describe('POST /v1 batching against Anvil', () => {
  let chain: ChainFixture
  const upstream = new HttpUpstream({ timeoutMs: 5000 })

  beforeAll(async () => {
    chain = await startChainFixture()
  }, 60_000)

  afterAll(async () => {
    upstream.close()
    await chain?.stop()
  })

  it('answers a client batch in its order, local and upstream answers mixed, next to a concurrent client', async () => {
    await chain.testClient.mine({ blocks: 2 })
    const deps = await routeDeps({ now: 5_000_000 })
    const chains = new ApiChains([localApiChain({ rpcUrl: chain.rpcUrl, testUsd: chain.fixtures.testUsd })])
    const app = appWith(rpcProxyRoutes({ ...deps, chains, upstream }))
    const request = (body: unknown) =>
      app.request('/v1?chainId=eip155:31337&projectId=p1', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    const block = `0x${(await chain.publicClient.getBlockNumber()).toString(16)}`
    const [batch, single] = await Promise.all([
      request([
        call('ping', 'test'),
        call(1, 'eth_chainId'),
        call(2, 'eth_blockNumber'),
        call(3, 'anvil_mine', ['0x5']),
        call(4, 'eth_getBalance', [chain.fixtures.testUsd, 'latest']),
        call(5, 'eth_blockNumber'),
      ]),
      request(call(2, 'eth_blockNumber')),
    ])
    expect(await batch.json()).toEqual([
      { jsonrpc: '2.0', id: 'ping', result: true },
      { jsonrpc: '2.0', id: 1, result: '0x7a69' },
      { jsonrpc: '2.0', id: 2, result: block },
      { jsonrpc: '2.0', id: 3, error: { code: -32601, message: 'Method not found' } },
      { jsonrpc: '2.0', id: 4, result: '0x0' },
      { jsonrpc: '2.0', id: 5, result: block },
    ])
    expect(await single.json()).toEqual({ jsonrpc: '2.0', id: 2, result: block })
    expect(`0x${(await chain.publicClient.getBlockNumber()).toString(16)}`).toBe(block)
  })
})
