import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiChains } from '../../../services/api/chains/index.js'
import { HttpUpstream, type RpcProxyOptions, rpcProxyRoutes } from '../../../services/api/rpcProxy/index.js'
import { freePort } from '../../../services/index.js'
import { call, postJson } from './support/jsonRpc.js'
import { appWith, routeDeps } from './support/routeHarness.js'

type Call = { jsonrpc: '2.0'; id: number; method: string; params?: unknown }

// What Alto answers for a mined UserOperation (EntryPoint v0.8), trimmed: passed through as it is.
const receipt = {
  userOpHash: `0x${'ab'.repeat(32)}`,
  entryPoint: '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108',
  sender: '0x1111111111111111111111111111111111111111',
  nonce: '0x0',
  paymaster: '0x0000000000000000000000000000000000000000',
  actualGasCost: '0x3b1a8c2e4000',
  actualGasUsed: '0x4ab5e',
  success: true,
  logs: [],
  receipt: { transactionHash: `0x${'cd'.repeat(32)}`, blockNumber: '0x2a', status: '0x1' },
}

/** A bundler stand-in on loopback (the upstream, not what is tested): it records each call it gets. */
async function fakeBundler(
  answer: (call: Call) => object = (call) => ({ result: call.method === 'eth_chainId' ? '0x7a69' : receipt }),
): Promise<Server & { url: string; calls: Call[] }> {
  const calls: Call[] = []
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      const call = JSON.parse(body) as Call
      calls.push(call)
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify({ jsonrpc: '2.0', id: call.id, ...answer(call) }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return Object.assign(server, { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls })
}

describe('POST /v1/bundler (the ERC-4337 bundler path)', () => {
  const clock = { now: 5_000_000 }
  const upstreams: HttpUpstream[] = []
  const servers: Server[] = []
  let bundler: Awaited<ReturnType<typeof fakeBundler>>

  const apiWith = async (bundlerUrl: string, options: Partial<RpcProxyOptions> = {}) => {
    const upstream = new HttpUpstream({ timeoutMs: 2000, maxResponseBytes: 4096 })
    upstreams.push(upstream)
    const chains = new ApiChains([
      {
        chainId: 31337,
        // The chain's own node is never asked here.
        rpcUrl: `http://127.0.0.1:${await freePort()}`,
        nativeCurrency: { name: 'Test Ether', symbol: 'tETH', decimals: 18 },
        bundlers: { local: bundlerUrl },
      },
      {
        chainId: 10,
        rpcUrl: `http://127.0.0.1:${await freePort()}`,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      },
    ])
    return appWith(rpcProxyRoutes({ ...(await routeDeps(clock)), chains, upstream, ...options }))
  }
  const post = (app: Hono, body: unknown, query = 'projectId=p1&chainId=eip155:31337&bundler=local') =>
    postJson(app, `/v1/bundler?${query}`, body)

  beforeAll(async () => {
    bundler = await fakeBundler()
    servers.push(bundler)
  })
  afterAll(() => {
    for (const upstream of upstreams) upstream.close()
    for (const server of servers) server.close()
  })

  it("CALL-07 passes eth_getUserOperationReceipt through to the chain's bundler exactly, its answer under the client's id", async () => {
    bundler.calls.length = 0
    const hash = `0x${'ab'.repeat(32)}`
    const response = await post(await apiWith(bundler.url), call(41, 'eth_getUserOperationReceipt', [hash]))
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 41, result: receipt })
    expect(bundler.calls).toEqual([
      { jsonrpc: '2.0', id: 0, method: 'eth_getUserOperationReceipt', params: [hash] },
    ])
  })

  it("keeps the bundler's error objects and a pending operation's null as they are", async () => {
    const refusing = await fakeBundler((call) =>
      call.method === 'eth_getUserOperationReceipt'
        ? { result: null }
        : { error: { code: -32602, message: 'AA21 did not pay prefund', data: { reason: 'AA21' } } },
    )
    servers.push(refusing)
    const app = await apiWith(refusing.url)
    expect(
      await (
        await post(app, [
          call(1, 'eth_getUserOperationReceipt', ['0x01']),
          call(2, 'eth_sendUserOperation', [{}, '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108']),
        ])
      ).json(),
    ).toEqual([
      { jsonrpc: '2.0', id: 1, result: null },
      {
        jsonrpc: '2.0',
        id: 2,
        error: { code: -32602, message: 'AA21 did not pay prefund', data: { reason: 'AA21' } },
      },
    ])
    // Each call went upstream alone: a bundler need not take batches.
    expect(refusing.calls.map((forwarded) => Array.isArray(forwarded))).toEqual([false, false])
  })

  it('forwards exactly the bundler methods and refuses every other method with -32601, never forwarding it', async () => {
    bundler.calls.length = 0
    const app = await apiWith(bundler.url)
    const bundlerMethods = [
      'eth_sendUserOperation',
      'eth_estimateUserOperationGas',
      'eth_getUserOperationReceipt',
      'eth_getUserOperationByHash',
      'eth_supportedEntryPoints',
      'eth_chainId',
    ]
    const others = [
      'eth_sendTransaction',
      'eth_sendRawTransaction',
      'eth_accounts',
      'eth_call',
      'debug_bundler_clearState',
      'pimlico_getUserOperationGasPrice',
      'ETH_SENDUSEROPERATION',
      'test',
    ]
    const answers = (await (
      await post(
        app,
        [...bundlerMethods, ...others].map((method, id) => call(id, method)),
      )
    ).json()) as { id: number; error?: unknown }[]
    expect(answers.map((answer) => answer.id)).toEqual([...bundlerMethods, ...others].map((_, id) => id))
    expect(answers.slice(0, bundlerMethods.length).every((answer) => answer.error === undefined)).toBe(true)
    expect(answers.slice(bundlerMethods.length).map((answer) => answer.error)).toEqual(
      others.map(() => ({ code: -32601, message: 'Method not found' })),
    )
    expect(bundler.calls.map((forwarded) => forwarded.method).sort()).toEqual([...bundlerMethods].sort())
  })

  it('refuses an unknown chain, a chain without that bundler and a bad bundler name with 400, asking no bundler', async () => {
    bundler.calls.length = 0
    const app = await apiWith(bundler.url)
    const body = call(1, 'eth_chainId')
    const refusal = async (query: string) => {
      const response = await post(app, body, query)
      return { status: response.status, ...((await response.json()) as object) }
    }
    expect(await refusal('projectId=p1&chainId=eip155:1&bundler=local')).toEqual({
      status: 400,
      code: 'UNSUPPORTED_NETWORK',
      message: 'Unsupported network: eip155:1',
    })
    expect(await refusal('projectId=p1&chainId=eip155:10&bundler=local')).toEqual({
      status: 400,
      code: 'UNSUPPORTED_NETWORK',
      message: "Unsupported network: no bundler 'local' on eip155:10",
    })
    expect(await refusal('projectId=p1&chainId=eip155:31337&bundler=constructor')).toMatchObject({
      status: 400,
      code: 'UNSUPPORTED_NETWORK',
    })
    expect(await refusal('projectId=p1&chainId=eip155:31337&bundler=Local%2Fx')).toMatchObject({
      status: 400,
      code: 'INVALID_REQUEST',
    })
    expect(await refusal('projectId=p1&chainId=eip155:31337')).toMatchObject({
      status: 400,
      code: 'INVALID_REQUEST',
    })
    expect(await refusal('projectId=nope&chainId=eip155:31337&bundler=local')).toMatchObject({ status: 401 })
    expect(bundler.calls).toEqual([])
  })

  it('limits requests and calls per client, as the RPC proxy does, counted apart from it', async () => {
    const app = await apiWith(bundler.url, { limits: { requestsPerMinute: 10, callsPerMinute: 100 } })
    // The one client here gets 2 requests a minute.
    expect((await post(app, call(1, 'eth_chainId'))).status).toBe(200)
    expect((await post(app, call(2, 'eth_chainId'))).status).toBe(200)
    const refused = await post(app, call(3, 'eth_chainId'))
    expect(refused.status).toBe(429)
    expect(await refused.json()).toEqual({ code: 'RATE_LIMITED', message: 'Rate Limited' })
    const proxied = await app.request('/v1?projectId=p1&chainId=eip155:31337', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(call(4, 'test')),
    })
    expect(proxied.status).toBe(200)
    clock.now += 60_000
  })

  it('refuses a chain config whose bundler is not an http(s) URL or whose name is not a bundler name', () => {
    const chain = (bundlers: Record<string, string>) => ({
      chainId: 31337,
      rpcUrl: 'http://127.0.0.1:8545',
      nativeCurrency: { name: 'Test Ether', symbol: 'tETH', decimals: 18 },
      bundlers,
    })
    expect(() => new ApiChains([chain({ local: 'file:///etc/passwd' })])).toThrow()
    expect(() => new ApiChains([chain({ 'Local Bundler': 'http://127.0.0.1:4337' })])).toThrow()
    expect(new ApiChains([chain({ alto: 'http://127.0.0.1:4337' })]).get('eip155:31337').bundlers).toEqual({
      alto: 'http://127.0.0.1:4337',
    })
  })

  it("answers 502 'The bundler could not be reached' when the bundler is unreachable, naming none of its address", async () => {
    const response = await post(await apiWith(`http://127.0.0.1:${await freePort()}`), call(1, 'eth_chainId'))
    expect(response.status).toBe(502)
    expect(await response.json()).toEqual({
      code: 'UPSTREAM_ERROR',
      message: 'The bundler could not be reached',
    })
  })
})
