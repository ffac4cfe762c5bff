import { createServer, type Server } from 'node:http'
import { generateKeyPairSigner, type KeyPairSigner, lamports } from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { activityRoutes, type SolanaActivityPage } from '../../../services/api/activity/index.js'
import { localSolanaApiChain, solanaApiChainSchema } from '../../../services/api/chains/index.js'
import { freePort } from '../../../services/index.js'
import { signedTransaction, startTestSolana, type TestSolana, testSigner } from '../solana/localSolana.js'
import { appWith, routeDeps } from './support/routeHarness.js'
import { sendSol, sendToken } from './support/solanaFixtures.js'

describe('GET /v1/activity on a Solana cluster', () => {
  let chain: TestSolana
  let app: Hono
  let holder: KeyPairSigner
  let funder: KeyPairSigner
  let payee: KeyPairSigner
  const signatures: string[] = []
  const startedAt = Math.floor(Date.now() / 1000)

  const get = (path: string, query: Record<string, string>) =>
    app.request(
      `${path}?${new URLSearchParams({ projectId: 'p1', caipNetworkId: chain.caipNetworkId, ...query })}`,
    )
  const page = async (query: Record<string, string>) => {
    const response = await get('/v1/activity', query)
    expect(response.status).toBe(200)
    return (await response.json()) as SolanaActivityPage
  }

  beforeAll(async () => {
    chain = await startTestSolana()
    holder = await generateKeyPairSigner()
    funder = await testSigner(1)
    payee = await generateKeyPairSigner()
    signatures.push(await sendSol(chain, funder, holder.address, 1_500_000_000n))
    signatures.push(await sendSol(chain, holder, payee.address, 250_000_000n))
    // More than the holder has, sent past preflight: it lands, fails and pays its fee.
    const { wire, signature } = await signedTransaction(chain, holder, [
      getTransferSolInstruction({
        source: holder,
        destination: payee.address,
        amount: lamports(5_000_000_000n),
      }),
    ])
    const answer = await chain.call('sendTransaction', [wire, { encoding: 'base64', skipPreflight: true }])
    expect(answer.error).toBeUndefined()
    signatures.push(signature)
    const solanaChains = [
      solanaApiChainSchema.parse(
        localSolanaApiChain({
          rpcUrl: chain.rpcUrl,
          genesisHash: chain.genesisHash,
          testUsdMint: chain.testUsdMint,
        }),
      ),
    ]
    app = appWith(activityRoutes({ ...(await routeDeps({ now: 0 })), chains: [], solanaChains }))
  }, 60_000)
  afterAll(() => chain?.close())

  it('answers the address’s transactions newest first: direction, counterparty and amount from its balance change', async () => {
    const { data, next } = await page({ address: holder.address })
    expect(next).toBeNull()
    expect(data.map((item) => item.hash)).toEqual([...signatures].reverse())
    const [failed, sent, received] = data
    expect(received).toEqual({
      id: `${signatures[0]}:native`,
      hash: signatures[0],
      blockNumber: expect.any(Number),
      timestamp: expect.any(Number),
      status: 'confirmed',
      direction: 'in',
      from: funder.address,
      to: holder.address,
      kind: 'native',
      amount: '1.5',
    })
    expect(sent).toMatchObject({
      status: 'confirmed',
      direction: 'out',
      from: holder.address,
      to: payee.address,
      kind: 'native',
      amount: '0.25',
    })
    // The failed transfer moved nothing but its fee.
    expect(failed).toMatchObject({ status: 'failed', direction: 'self', amount: '0', kind: 'native' })
    for (const item of data) {
      expect(item.timestamp).toBeGreaterThanOrEqual(startedAt)
      expect(item.timestamp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000))
    }
    expect(sent?.blockNumber).toBeGreaterThan(received?.blockNumber ?? Number.POSITIVE_INFINITY)
    const theirs = await page({ address: payee.address })
    expect(theirs.data.map(({ direction, from, to, amount }) => ({ direction, from, to, amount }))).toEqual([
      { direction: 'self', from: payee.address, to: payee.address, amount: '0' },
      { direction: 'in', from: holder.address, to: payee.address, amount: '0.25' },
    ])
  })

  it('pages with the cursor it answers, the signature the next page starts after', async () => {
    const first = await page({ address: holder.address, limit: '2' })
    expect(first.data.map((item) => item.hash)).toEqual([signatures[2], signatures[1]])
    expect(first.next).toBe(signatures[1])
    const second = await page({ address: holder.address, limit: '2', cursor: first.next ?? '' })
    expect(second.data.map((item) => item.hash)).toEqual([signatures[0]])
    expect(second.next).toBeNull()
    const invalid = await get('/v1/activity', { address: holder.address, cursor: 'MS4yLjM' })
    expect(invalid.status).toBe(400)
    expect(await invalid.json()).toEqual({
      code: 'INVALID_REQUEST',
      message: 'cursor: not a cursor this api gave',
    })
    expect((await get('/v1/activity', { address: holder.address, limit: '101' })).status).toBe(400)
  })

  it('refuses an EVM or malformed address, and a Solana network it does not serve', async () => {
    for (const address of ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'O0Il'.repeat(10)]) {
      const response = await get('/v1/activity', { address })
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({
        code: 'INVALID_REQUEST',
        message: 'address: not a Solana address',
      })
    }
    const unknown = await get('/v1/activity', {
      address: holder.address,
      caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    })
    expect(unknown.status).toBe(400)
    expect(await unknown.json()).toMatchObject({ code: 'UNSUPPORTED_NETWORK' })
  })

  it('answers a tUSD transfer on the chain as an spl row, out for the sender and in for the new holder', async () => {
    const sender = await testSigner(0)
    const recipient = await generateKeyPairSigner()
    const signature = await sendToken(chain, sender, {
      mint: chain.testUsdMint as never,
      to: recipient.address,
      amount: 2_500_000n,
      decimals: 6,
    })
    const token = { address: chain.testUsdMint, name: 'Test USD', symbol: 'tUSD', decimals: 6 }
    const [sent] = (await page({ address: sender.address, limit: '1' })).data
    expect(sent).toMatchObject({
      id: `${signature}:${chain.testUsdMint}`,
      hash: signature,
      kind: 'spl',
      direction: 'out',
      from: sender.address,
      to: recipient.address,
      amount: '2.5',
      token,
    })
    // The recipient's owner address is among the keys because its token account was created here.
    const received = await page({ address: recipient.address })
    expect(received.data).toEqual([
      expect.objectContaining({
        hash: signature,
        kind: 'spl',
        direction: 'in',
        from: sender.address,
        to: recipient.address,
        amount: '2.5',
        token,
      }),
    ])
  })

  it('lists no NFTs for a Solana address', async () => {
    const response = await get('/v1/nfts', { address: holder.address })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ data: [] })
  })
})

describe('GET /v1/activity: SPL rows from the RPC’s token balances', () => {
  // A real cluster's answer, served by a stub: a mint the api lists under its own name, a counterparty's
  // zero balance before.
  const owner = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
  const other = 'HN7cABqLq46Es1jh92dQQisAq662SmxELLLsHHe4YWrH'
  const mint = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
  const signature = `${'5'.repeat(87)}`
  let server: Server
  let app: Hono

  beforeAll(async () => {
    const tokenBalance = (accountIndex: number, holder: string, amount: string) => ({
      accountIndex,
      mint,
      owner: holder,
      programId: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
      uiTokenAmount: { amount, decimals: 6, uiAmount: null, uiAmountString: '' },
    })
    const results: Record<string, unknown> = {
      getSignaturesForAddress: [{ signature, slot: 7, err: null, memo: null, blockTime: 1_700_000_000 }],
      getTransaction: {
        slot: 7,
        blockTime: 1_700_000_000,
        transaction: { message: { accountKeys: [other, 'ataA', 'ataB'] } },
        meta: {
          err: null,
          fee: 5000,
          preBalances: [1_000_000_000, 2_039_280, 2_039_280],
          postBalances: [999_995_000, 2_039_280, 2_039_280],
          preTokenBalances: [tokenBalance(1, other, '5000000'), tokenBalance(2, owner, '0')],
          postTokenBalances: [tokenBalance(1, other, '3750000'), tokenBalance(2, owner, '1250000')],
        },
      },
    }
    server = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk) => {
        body += chunk
      })
      request.on('end', () => {
        const { id, method } = JSON.parse(body) as { id: number; method: string }
        response.setHeader('content-type', 'application/json')
        response.end(JSON.stringify({ jsonrpc: '2.0', id, result: results[method] ?? null }))
      })
    })
    const port = await freePort()
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
    const solanaChains = [
      solanaApiChainSchema.parse({
        genesisHash: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d',
        rpcUrl: `http://127.0.0.1:${port}`,
        tokens: [{ mint, name: 'USD Coin', symbol: 'USDC' }],
      }),
    ]
    app = appWith(activityRoutes({ ...(await routeDeps({ now: 0 })), chains: [], solanaChains }))
  })
  afterAll(() => new Promise<void>((resolve) => server?.close(() => resolve())))

  it('answers an SPL transfer received with the mint’s name, the sender as counterparty and the exact amount', async () => {
    const response = await app.request(
      `/v1/activity?${new URLSearchParams({ projectId: 'p1', caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', address: owner })}`,
    )
    expect(await response.json()).toEqual({
      data: [
        {
          id: `${signature}:${mint}`,
          hash: signature,
          blockNumber: 7,
          timestamp: 1_700_000_000,
          status: 'confirmed',
          direction: 'in',
          from: other,
          to: owner,
          kind: 'spl',
          amount: '1.25',
          token: { address: mint, name: 'USD Coin', symbol: 'USDC', decimals: 6 },
        },
      ],
      next: null,
    })
  })
})
