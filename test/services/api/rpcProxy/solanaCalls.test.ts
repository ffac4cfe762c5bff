import type { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { ApiChains, localSolanaApiChain } from '../../../../services/api/chains/index.js'
import { sharedReads } from '../../../../services/api/rpcProxy/callTraits.js'
import {
  type RpcProxyOptions,
  type RpcUpstream,
  rpcProxyRoutes,
} from '../../../../services/api/rpcProxy/index.js'
import { evmLocalAnswer } from '../../../../services/api/rpcProxy/localAnswer.js'
import { solanaLocalAnswer } from '../../../../services/api/rpcProxy/solanaMethods.js'
import { appWith, routeDeps } from '../support/routeHarness.js'

type Sent = { jsonrpc: '2.0'; id: number; method: string; params?: unknown }
type Answer = { jsonrpc: '2.0'; id: unknown; result?: unknown; error?: { code: number; message: string } }

/** Devnet's genesis hash: the cluster is `solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1`. */
const genesisHash = 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG'
const cluster = `solana:${genesisHash.slice(0, 32)}`

/** A cluster that records every call it is sent and answers each with its method and params. */
class FakeCluster implements RpcUpstream {
  readonly calls: Sent[] = []
  async post(_url: string, body: string): Promise<string> {
    const sent = JSON.parse(body) as Sent | Sent[]
    const answer = ({ id, method, params }: Sent) => ({ jsonrpc: '2.0', id, result: [method, params] })
    this.calls.push(...(Array.isArray(sent) ? sent : [sent]))
    return JSON.stringify(Array.isArray(sent) ? sent.map(answer) : answer(sent))
  }
}

const call = (id: number, method: string, params?: unknown) => ({ jsonrpc: '2.0', id, method, params })

/** The proxy over one Solana cluster, answering `node` through its real batcher and budgets. */
async function solanaProxy(node: RpcUpstream, options: Partial<RpcProxyOptions> = {}) {
  const chains = new ApiChains([
    localSolanaApiChain({
      rpcUrl: 'http://127.0.0.1:1',
      genesisHash,
      testUsdMint: 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB',
    }),
  ])
  return appWith(
    rpcProxyRoutes({ ...(await routeDeps({ now: 5_000_000 })), chains, upstream: node, ...options }),
  )
}

/** POSTs `body` to the cluster's proxy from `client`, the TCP peer Node would see. */
const postFrom = (app: Hono, client: string, body: unknown) =>
  app.request(
    `/v1?chainId=${cluster}&projectId=p1`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    { incoming: { socket: { remoteAddress: client } } },
  )

const alice = '198.51.100.7'
const mallory = '203.0.113.9'

/** `count` distinct signatures, as a wallet polling for its sends names them. */
const signatures = (count: number) => Array.from({ length: count }, (_, i) => `${i + 1}`.padStart(88, '5'))

describe('identical Solana reads of one turn share one upstream call', () => {
  it('sends each identical read of two clients upstream once, each client answered under its own id', async () => {
    const node = new FakeCluster()
    const app = await solanaProxy(node)
    const key = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB'
    const reads: [string, unknown[]][] = [
      ['getLatestBlockhash', [{ commitment: 'finalized' }]],
      ['getBalance', [key]],
      ['getAccountInfo', [key, { encoding: 'base64' }]],
      ['getMultipleAccounts', [[key], { encoding: 'base64' }]],
      ['getMinimumBalanceForRentExemption', [165]],
      ['getTokenAccountBalance', [key]],
      ['getTokenAccountsByOwner', [key, { mint: key }, { encoding: 'base64' }]],
      ['getTokenSupply', [key]],
      ['isBlockhashValid', [key]],
      ['getFeeForMessage', ['AQABAg==']],
      ['getRecentPrioritizationFees', [[key]]],
      ['getSlot', []],
      ['getBlockHeight', []],
      ['getEpochInfo', []],
      ['getHealth', []],
      ['getGenesisHash', []],
      ['getVersion', []],
      ['getSignatureStatuses', [signatures(2)]],
      ['getTransaction', [signatures(1)[0], { maxSupportedTransactionVersion: 0 }]],
      ['simulateTransaction', ['AQABAg==', { encoding: 'base64', sigVerify: false }]],
    ]
    const [ofAlice, ofMallory] = await Promise.all(
      [alice, mallory].map(async (client, offset) =>
        Promise.all(
          reads.map(async ([method, params], i) => {
            const response = await postFrom(app, client, call(2 * i + offset, method, params))
            return (await response.json()) as Answer
          }),
        ),
      ),
    )
    expect(node.calls.map(({ method }) => method).sort()).toEqual(reads.map(([method]) => method).sort())
    for (const [client, answers, offset] of [
      [alice, ofAlice, 0],
      [mallory, ofMallory, 1],
    ] as const)
      expect(answers, client).toEqual(
        reads.map(([method, params], i) => ({
          jsonrpc: '2.0',
          id: 2 * i + offset,
          result: [method, params],
        })),
      )
  })

  it('sends every sendTransaction upstream itself, however identical', async () => {
    const node = new FakeCluster()
    const app = await solanaProxy(node)
    const send = call(1, 'sendTransaction', ['AQABAg==', { encoding: 'base64' }])
    await Promise.all([postFrom(app, alice, send), postFrom(app, mallory, send), postFrom(app, alice, send)])
    expect(node.calls.map(({ method }) => method)).toEqual([
      'sendTransaction',
      'sendTransaction',
      'sendTransaction',
    ])
  })

  it("keeps each shared read's key its own: forwarded to one chain kind only, its name free of the params' `[` and `{`", () => {
    for (const method of sharedReads) {
      const forwardedTo = [evmLocalAnswer, solanaLocalAnswer].filter(
        (local) => local({ jsonrpc: '2.0', id: 1, method }) === undefined,
      )
      expect(forwardedTo, method).toHaveLength(1)
      expect(method).toMatch(/^[A-Za-z0-9_]+$/)
    }
  })
})

describe('getSignatureStatuses searching the ledger history costs one call per signature', () => {
  // Each client gets 10 calls a minute, a fifth of the project's 50.
  const limits = { callsPerMinute: 50 }
  const searching = (id: number, count: number) =>
    call(id, 'getSignatureStatuses', [signatures(count), { searchTransactionHistory: true }])

  it("spends one of the client's calls per signature it names, so its next call is refused 429", async () => {
    const app = await solanaProxy(new FakeCluster(), { limits })
    const searched = await postFrom(app, alice, searching(1, 10))
    expect(searched.status).toBe(200)
    expect(((await searched.json()) as Answer).result).toEqual([
      'getSignatureStatuses',
      [signatures(10), { searchTransactionHistory: true }],
    ])
    const refused = await postFrom(app, alice, call(2, 'getSlot', []))
    expect(refused.status).toBe(429)
    expect(await refused.json()).toEqual({ code: 'RATE_LIMITED', message: 'Rate Limited' })
  })

  it('counts a batch as the sum of its calls: each searching call by its signatures, every other call 1', async () => {
    const app = await solanaProxy(new FakeCluster(), { limits })
    const batch = [
      searching(1, 4),
      call(2, 'getSlot', []),
      call(3, 'getSignatureStatuses', [
        signatures(4),
        { searchTransactionHistory: true, commitment: 'x' },
        0,
      ]),
    ]
    expect((await postFrom(app, alice, batch)).status).toBe(200)
    // Nine spent: two more would make eleven, refused and not counted; one more makes ten.
    expect((await postFrom(app, alice, [call(4, 'getSlot', []), call(5, 'getSlot', [])])).status).toBe(429)
    expect((await postFrom(app, alice, call(6, 'getSlot', []))).status).toBe(200)
    expect((await postFrom(app, alice, call(7, 'getSlot', []))).status).toBe(429)
  })

  it("spends the project's calls too: five clients' searches leave none for a sixth", async () => {
    const app = await solanaProxy(new FakeCluster(), { limits })
    const clients = Array.from({ length: 6 }, (_, i) => `198.51.100.${i + 1}`)
    for (const client of clients.slice(0, 5))
      expect((await postFrom(app, client, searching(1, 10))).status).toBe(200)
    expect((await postFrom(app, clients[5] as string, call(1, 'getSlot', []))).status).toBe(429)
  })

  it('counts one call, forwarded as sent, without the flag, with it false, or with params the node refuses', async () => {
    const node = new FakeCluster()
    const app = await solanaProxy(node, { limits })
    const oneEach = [
      call(1, 'getSignatureStatuses', [signatures(10)]),
      call(2, 'getSignatureStatuses', [signatures(10), { searchTransactionHistory: false }]),
      call(3, 'getSignatureStatuses', [signatures(10), { searchTransactionHistory: 'true' }]),
      call(4, 'getSignatureStatuses', [signatures(10), null]),
      call(5, 'getSignatureStatuses', [[1, 2, 3], { searchTransactionHistory: true }]),
      call(6, 'getSignatureStatuses', [signatures(10)[0], { searchTransactionHistory: true }]),
      call(7, 'getSignatureStatuses', { signatures: signatures(10), searchTransactionHistory: true }),
      call(8, 'getSignatureStatuses'),
      call(9, 'getSignatureStatuses', [[], { searchTransactionHistory: true }]),
    ]
    expect((await postFrom(app, alice, oneEach)).status).toBe(200)
    expect(node.calls.map(({ id, ...sent }) => sent)).toEqual(oneEach.map(({ id, ...sent }) => sent))
    // Nine spent, one left.
    expect((await postFrom(app, alice, call(10, 'getSlot', []))).status).toBe(200)
    expect((await postFrom(app, alice, call(11, 'getSlot', []))).status).toBe(429)
  })
})
