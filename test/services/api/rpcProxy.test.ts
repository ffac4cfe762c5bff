import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiChains, localApiChain } from '../../../services/api/chains/index.js'
import { HttpUpstream, type RpcProxyOptions, rpcProxyRoutes } from '../../../services/api/rpcProxy/index.js'
import { freePort } from '../../../services/index.js'
import { type ChainFixture, startChainFixture } from '../../support/chain.js'
import { call, postJson } from './support/jsonRpc.js'
import { appWith, routeDeps } from './support/routeHarness.js'

type Answer = { jsonrpc: '2.0'; id: unknown; result?: unknown; error?: { code: number; message: string } }

/** A stand-in upstream on loopback whose handler the test picks. */
async function fakeUpstream(handle: Parameters<typeof createServer>[1]): Promise<Server & { url: string }> {
  const server = createServer(handle)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return Object.assign(server, { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })
}

describe('POST /v1 (the chain RPC proxy)', () => {
  let chain: ChainFixture
  const clock = { now: 5_000_000 }
  const upstreams: HttpUpstream[] = []
  const servers: Server[] = []

  const proxyTo = async (rpcUrl: string, options: Partial<RpcProxyOptions> = {}) => {
    const upstream = new HttpUpstream({ timeoutMs: 300, maxResponseBytes: 4096 })
    upstreams.push(upstream)
    const chains = new ApiChains([localApiChain({ rpcUrl, testUsd: chain.fixtures.testUsd })])
    return appWith(rpcProxyRoutes({ ...(await routeDeps(clock)), chains, upstream, ...options }))
  }
  const post = (app: Hono, body: unknown, query = 'chainId=eip155:31337&projectId=p1') =>
    postJson(app, `/v1?${query}`, body)

  beforeAll(async () => {
    chain = await startChainFixture()
  }, 60_000)

  afterAll(async () => {
    for (const upstream of upstreams) upstream.close()
    for (const server of servers) server.close()
    await chain?.stop()
  })

  it('forwards a single call to the chain and answers its result', async () => {
    await chain.testClient.mine({ blocks: 3 })
    const response = await post(await proxyTo(chain.rpcUrl), call(7, 'eth_blockNumber'))
    expect(response.status).toBe(200)
    const expected = `0x${(await chain.publicClient.getBlockNumber()).toString(16)}`
    expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 7, result: expected })
  })

  it('answers a batch in its order, the `test` ping answered locally and the rest by the chain', async () => {
    const answers = (await (
      await post(await proxyTo(chain.rpcUrl), [
        call(1, 'eth_chainId'),
        call(2, 'test'),
        call(3, 'net_version'),
      ])
    ).json()) as Answer[]
    expect(answers).toEqual([
      { jsonrpc: '2.0', id: 1, result: '0x7a69' },
      { jsonrpc: '2.0', id: 2, result: true },
      { jsonrpc: '2.0', id: 3, result: '31337' },
    ])
  })

  it('answers the `test` ping without the upstream (the modal registration ping)', async () => {
    const down = await proxyTo(`http://127.0.0.1:${await freePort()}`)
    expect(await (await post(down, call(9, 'test'))).json()).toEqual({ jsonrpc: '2.0', id: 9, result: true })
  })

  it('keeps the upstream error objects as they are', async () => {
    const body = call(4, 'eth_getBalance', ['0xnot-an-address', 'latest'])
    const direct = await (
      await fetch(chain.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json()
    expect((direct as Answer).error).toBeDefined()
    expect(await (await post(await proxyTo(chain.rpcUrl), body)).json()).toEqual(direct)
  })

  it('never forwards node-signing or node-admin methods', async () => {
    const before = await chain.publicClient.getBlockNumber()
    const answers = (await (
      await post(await proxyTo(chain.rpcUrl), [
        call(1, 'anvil_mine', ['0x5']),
        call(2, 'eth_sendTransaction', [{ from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }]),
      ])
    ).json()) as Answer[]
    expect(answers.map((answer) => answer.error)).toEqual([
      { code: -32601, message: 'Method not found' },
      { code: -32601, message: 'Method not found' },
    ])
    expect(await chain.publicClient.getBlockNumber()).toBe(before)
  })

  it('limits requests and batch calls per client per minute, a fifth of the project limits, with 429 Rate Limited', async () => {
    // The one client here gets 3 requests and 5 calls a minute.
    const app = await proxyTo(chain.rpcUrl, { limits: { requestsPerMinute: 15, callsPerMinute: 25 } })
    expect((await post(app, call(1, 'test'))).status).toBe(200)
    // Four calls would make five; a batch of five more would make six: refused, and not counted.
    expect(
      (
        await post(
          app,
          Array.from({ length: 5 }, (_, i) => call(i, 'test')),
        )
      ).status,
    ).toBe(429)
    expect(
      (
        await post(
          app,
          Array.from({ length: 4 }, (_, i) => call(i, 'test')),
        )
      ).status,
    ).toBe(200)
    const refused = await post(app, call(2, 'test'))
    expect(refused.status).toBe(429)
    expect(await refused.json()).toEqual({ code: 'RATE_LIMITED', message: 'Rate Limited' })
    clock.now += 60_000
    expect((await post(app, call(3, 'test'))).status).toBe(200)
  })

  it('answers 502 UPSTREAM_ERROR when the chain is down, 504 when it hangs, 502 when its answer is too large', async () => {
    const down = await post(await proxyTo(`http://127.0.0.1:${await freePort()}`), call(1, 'eth_blockNumber'))
    expect(down.status).toBe(502)
    // The socket's error (connect ECONNREFUSED 127.0.0.1:port) names the upstream's address: logged only.
    expect(await down.json()).toEqual({
      code: 'UPSTREAM_ERROR',
      message: 'The chain RPC could not be reached',
    })

    const hanging = await fakeUpstream(() => {})
    servers.push(hanging)
    const hung = await post(await proxyTo(hanging.url), call(1, 'eth_blockNumber'))
    expect(hung.status).toBe(504)
    expect(await hung.json()).toEqual({ code: 'UPSTREAM_ERROR', message: 'The chain RPC timed out' })

    const huge = { jsonrpc: '2.0', id: 1, result: `0x${'ab'.repeat(4096)}` }
    for (const chunked of [false, true]) {
      const big = await fakeUpstream((_, response) => {
        const text = JSON.stringify(huge)
        if (chunked) {
          response.write(text.slice(0, 3000))
          response.end(text.slice(3000))
        } else response.writeHead(200, { 'content-length': Buffer.byteLength(text) }).end(text)
      })
      servers.push(big)
      const oversize = await post(await proxyTo(big.url), call(1, 'eth_blockNumber'))
      expect(oversize.status).toBe(502)
      expect(await oversize.json()).toEqual({
        code: 'UPSTREAM_ERROR',
        message: 'The chain RPC failed: answer over 4096 bytes',
      })
    }
  })

  it('answers bad input with a 400 JSON error naming the field', async () => {
    const app = await proxyTo(chain.rpcUrl)
    const cases: [unknown, string, string][] = [
      ['{not json', '', 'body: not valid JSON'],
      [{ ...call(1, 'eth_chainId'), jsonrpc: '1.0' }, '', 'INVALID_REQUEST'],
      [call(1, 'x'.repeat(129)), '', 'INVALID_REQUEST'],
      [{ jsonrpc: '2.0', method: 'eth_chainId' }, '', 'INVALID_REQUEST'],
      [{ ...call(1, 'eth_chainId'), params: 'nope' }, '', 'INVALID_REQUEST'],
      [[], '', 'INVALID_REQUEST'],
      [Array.from({ length: 101 }, (_, i) => call(i, 'test')), '', 'INVALID_REQUEST'],
      [call(1, 'eth_chainId'), 'chainId=31337&projectId=p1', 'chainId: not a CAIP-2 chain id'],
      [call(1, 'eth_chainId'), 'projectId=p1', 'chainId: Invalid input: expected string, received undefined'],
      [call(1, 'eth_chainId'), 'chainId=eip155:1&projectId=p1', 'UNSUPPORTED_NETWORK'],
    ]
    for (const [body, query, expected] of cases) {
      const response = await post(app, body, query || undefined)
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400)
      const answer = (await response.json()) as { code: string; message: string }
      expect([answer.code, answer.message]).toContain(expected)
    }
    expect((await post(app, call(1, 'test'), 'chainId=eip155:31337&projectId=other')).status).toBe(401)
  })
})
