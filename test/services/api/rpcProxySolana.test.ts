import { generateKeyPairSigner, getBase58Decoder, lamports } from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ApiChains,
  localApiChain,
  localBitcoinApiChain,
  localSolanaApiChain,
} from '../../../services/api/chains/index.js'
import {
  HttpUpstream,
  type RpcProxyOptions,
  type RpcUpstream,
  rpcProxyRoutes,
} from '../../../services/api/rpcProxy/index.js'
import { freePort } from '../../../services/index.js'
import { signedTransaction, startTestSolana, type TestSolana, testSigner } from '../solana/localSolana.js'
import { call, postJson } from './support/jsonRpc.js'
import { appWith, routeDeps } from './support/routeHarness.js'

type Sent = { method: string }
type Answer = { jsonrpc: '2.0'; id: unknown; result?: unknown; error?: { code: number; message: string } }

const methodNotFound = { code: -32601, message: 'Method not found' }
const regtestGenesisHash = '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206'
/** A real Solana RPC's (and the local cluster's) request body cap: a larger body is refused 413 whole. */
const clusterBodyCap = 50 * 1024

/** `count` signatures no transaction has, as a client polling for its sends' statuses names them. */
const unknownSignatures = (count: number) =>
  Array.from({ length: count }, () => getBase58Decoder().decode(crypto.getRandomValues(new Uint8Array(64))))

describe('POST /v1 on a Solana cluster (the chain RPC proxy)', () => {
  let chain: TestSolana
  const clock = { now: 5_000_000 }
  const upstreams: HttpUpstream[] = []

  /** The proxy over the local cluster, an EVM chain and a Bitcoin network, neither of which is running. */
  const proxy = async (options: Partial<RpcProxyOptions> = {}) => {
    const upstream = new HttpUpstream({ timeoutMs: 2000 })
    upstreams.push(upstream)
    const down = `http://127.0.0.1:${await freePort()}`
    const chains = new ApiChains([
      localApiChain({ rpcUrl: down, testUsd: '0x5FbDB2315678afecb367f032d93F642f64180aa3' }),
      localSolanaApiChain({
        rpcUrl: chain.rpcUrl,
        genesisHash: chain.genesisHash,
        testUsdMint: chain.testUsdMint,
      }),
      localBitcoinApiChain({ url: down, genesisHash: regtestGenesisHash }),
    ])
    return appWith(rpcProxyRoutes({ ...(await routeDeps(clock)), chains, upstream, ...options }))
  }
  const post = (app: Hono, body: unknown, chainId: string = chain.caipNetworkId) =>
    postJson(app, `/v1?chainId=${chainId}&projectId=p1`, body)
  const answers = async (app: Hono, body: unknown, chainId?: string) =>
    (await (await post(app, body, chainId)).json()) as Answer[]

  beforeAll(async () => {
    chain = await startTestSolana()
  }, 60_000)

  afterAll(() => {
    for (const upstream of upstreams) upstream.close()
    chain?.close()
  })

  it('answers a Solana call and a batch as the cluster does, the `test` ping answered locally', async () => {
    const holder = (await testSigner(1)).address
    const app = await proxy()
    const direct = await chain.call('getBalance', [holder])
    const single = await post(app, call(7, 'getBalance', [holder]))
    expect(single.status).toBe(200)
    expect(await single.json()).toEqual({ ...direct, id: 7 })
    expect(await answers(app, [call(1, 'getGenesisHash'), call(2, 'test'), call(3, 'getHealth')])).toEqual([
      { jsonrpc: '2.0', id: 1, result: chain.genesisHash },
      { jsonrpc: '2.0', id: 2, result: true },
      { jsonrpc: '2.0', id: 3, result: 'ok' },
    ])
  })

  it('sends a transaction the client signed to the cluster, which lands it', async () => {
    const payer = await testSigner(2)
    const to = (await generateKeyPairSigner()).address
    const { wire, signature } = await signedTransaction(chain, payer, [
      getTransferSolInstruction({ source: payer, destination: to, amount: lamports(1_000_000n) }),
    ])
    const sent = await answers(await proxy(), [call(1, 'sendTransaction', [wire, { encoding: 'base64' }])])
    expect(sent).toEqual([{ jsonrpc: '2.0', id: 1, result: signature }])
    expect((await chain.rpc.getBalance(to).send()).value).toBe(1_000_000n)
  })

  it('refuses EVM methods on a Solana cluster and Solana methods on an EVM chain with -32601', async () => {
    const app = await proxy()
    const onSolana = await answers(app, [call(1, 'eth_blockNumber'), call(2, 'eth_newBlockFilter')])
    expect(onSolana.map((answer) => answer.error)).toEqual([methodNotFound, methodNotFound])
    // The EVM chain is down: a refusal made here never reaches it.
    const holder = (await testSigner(1)).address
    const onEvm = await answers(
      app,
      [call(1, 'getBalance', [holder]), call(2, 'getLatestBlockhash')],
      'eip155:31337',
    )
    expect(onEvm.map((answer) => answer.error)).toEqual([methodNotFound, methodNotFound])
  })

  it('never forwards a faucet call or a scan of the whole ledger: requestAirdrop, getProgramAccounts, getSignaturesForAddress', async () => {
    const holder = (await generateKeyPairSigner()).address
    const refused = await answers(await proxy(), [
      call(1, 'requestAirdrop', [holder, 1_000_000_000]),
      call(2, 'getProgramAccounts', ['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA']),
      call(3, 'getSignaturesForAddress', [holder, { limit: 1000 }]),
    ])
    expect(refused.map((answer) => answer.error)).toEqual([methodNotFound, methodNotFound, methodNotFound])
    expect((await chain.rpc.getBalance(holder).send()).value).toBe(0n)
  })

  it("sends a cluster's account and transaction reads alone, never in the shared batch: one account may hold 10 MiB, one transaction's inner instructions about 1 MB", async () => {
    const sent: (Sent | Sent[])[] = []
    const http = new HttpUpstream()
    upstreams.push(http)
    const recording: RpcUpstream = {
      post(url, body) {
        sent.push(JSON.parse(body))
        return http.post(url, body)
      },
    }
    const app = await proxy({ upstream: recording })
    const holder = (await testSigner(1)).address
    await Promise.all(
      [
        call(1, 'getBalance', [holder]),
        call(2, 'getAccountInfo', [holder, { encoding: 'base64' }]),
        call(3, 'getMultipleAccounts', [[holder], { encoding: 'base64' }]),
        call(4, 'getTokenAccountsByOwner', [holder, { mint: chain.testUsdMint }, { encoding: 'base64' }]),
        call(5, 'getSlot'),
        call(6, 'getTransaction', [unknownSignatures(1)[0], { maxSupportedTransactionVersion: 0 }]),
      ].map((body) => post(app, body)),
    )
    const methods = (body: Sent | Sent[]) => (Array.isArray(body) ? body : [body]).map(({ method }) => method)
    expect(
      sent
        .filter((body) => !Array.isArray(body))
        .flatMap(methods)
        .sort(),
    ).toEqual(['getAccountInfo', 'getMultipleAccounts', 'getTokenAccountsByOwner', 'getTransaction'])
    expect(sent.filter(Array.isArray).map(methods)).toEqual([['getBalance', 'getSlot']])
  })

  it("answers a client's send while a stranger's status polls, batched with it, fill the cluster's 50 KiB body cap", async () => {
    const app = await proxy()
    // Within the cap on its own (the cluster answers it whole), but not with any other call beside it.
    const polls: ReturnType<typeof call>[] = []
    // A signature takes at most 91 bytes (88 characters, quotes, comma), a call about 120 around them.
    for (let room = clusterBodyCap - 2; room > 300; room = clusterBodyCap - JSON.stringify(polls).length)
      polls.push(
        call(polls.length + 1, 'getSignatureStatuses', [
          unknownSignatures(Math.min(256, Math.floor((room - 120) / 91))),
        ]),
      )
    const payer = await testSigner(3)
    const to = (await generateKeyPairSigner()).address
    const { wire, signature } = await signedTransaction(chain, payer, [
      getTransferSolInstruction({ source: payer, destination: to, amount: lamports(1_000_000n) }),
    ])
    const [stranger, sender] = await Promise.all([
      post(app, polls),
      post(app, call(1, 'sendTransaction', [wire, { encoding: 'base64' }])),
    ])
    expect(sender.status).toBe(200)
    expect(await sender.json()).toEqual({ jsonrpc: '2.0', id: 1, result: signature })
    expect(stranger.status).toBe(200)
    expect((await stranger.json()) as Answer[]).toHaveLength(polls.length)
  })

  it('counts Solana calls against the same per-client limits, with 429 Rate Limited', async () => {
    // The one client here gets 1 request a minute.
    const app = await proxy({ limits: { requestsPerMinute: 5 } })
    expect((await post(app, call(1, 'getSlot'))).status).toBe(200)
    const refused = await post(app, call(2, 'getSlot'))
    expect(refused.status).toBe(429)
    expect(await refused.json()).toEqual({ code: 'RATE_LIMITED', message: 'Rate Limited' })
  })

  it('answers a Bitcoin network 400 UNSUPPORTED_NETWORK: its Esplora API is no JSON-RPC', async () => {
    const response = await post(
      await proxy(),
      call(1, 'getblockcount'),
      `bip122:${regtestGenesisHash.slice(0, 32)}`,
    )
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      code: 'UNSUPPORTED_NETWORK',
      message: `Unsupported network: bip122:${regtestGenesisHash.slice(0, 32)}`,
    })
  })
})
