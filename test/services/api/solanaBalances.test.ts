import { type Address, generateKeyPairSigner, type KeyPairSigner } from '@solana/kit'
import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { balanceRoutes, tokenBalanceSchema } from '../../../services/api/balances/index.js'
import { ApiChains, localApiChain, localSolanaApiChain } from '../../../services/api/chains/index.js'
import { freePort } from '../../../services/index.js'
import { startTestSolana, type TestSolana, testSigner } from '../solana/localSolana.js'
import { TOKEN_2022_PROGRAM } from '../solana/tokenInstructions.js'
import { appWith, routeDeps } from './support/routeHarness.js'
import { mintTo, sendSol, sendToken } from './support/solanaFixtures.js'

describe('GET /v1/balances on a Solana cluster', () => {
  let chain: TestSolana
  let app: Hono
  let holder: KeyPairSigner
  let unlisted: Address
  let token2022: Address

  const get = (query: Record<string, string>) =>
    app.request(`/v1/balances?${new URLSearchParams({ projectId: 'p1', ...query })}`)

  beforeAll(async () => {
    chain = await startTestSolana()
    holder = await generateKeyPairSigner()
    const minter = await testSigner(3)
    await sendSol(chain, await testSigner(1), holder.address, 2_500_000_000n)
    await sendToken(chain, await testSigner(0), {
      mint: chain.testUsdMint as Address,
      to: holder.address,
      amount: 12_500_000n,
      decimals: 6,
    })
    unlisted = await mintTo(chain, minter, { owner: holder.address, amount: 725n, decimals: 2 })
    token2022 = await mintTo(chain, minter, {
      owner: holder.address,
      amount: 12_345n,
      decimals: 4,
      program: TOKEN_2022_PROGRAM,
    })
    // An NFT-like mint (0 decimals) the address holds: not a fungible balance.
    await mintTo(chain, minter, { owner: holder.address, amount: 1n, decimals: 0 })
    const chains = new ApiChains([
      localApiChain({ rpcUrl: 'http://127.0.0.1:1', testUsd: '0x5FbDB2315678afecb367f032d93F642f64180aa3' }),
      localSolanaApiChain({
        rpcUrl: chain.rpcUrl,
        genesisHash: chain.genesisHash,
        testUsdMint: chain.testUsdMint,
      }),
    ])
    app = appWith(balanceRoutes({ ...(await routeDeps({ now: 0 })), chains }))
  }, 60_000)
  afterAll(() => chain?.close())

  it('BAL-06 answers the address’s SOL, the listed tUSD, an unlisted mint and a Token-2022 mint, exactly, without 0-decimal mints', async () => {
    const response = await get({ address: holder.address, caipNetworkId: chain.caipNetworkId })
    expect(response.status).toBe(200)
    const { balances } = (await response.json()) as { balances: unknown[] }
    const id = chain.caipNetworkId
    expect(balances.map((balance) => tokenBalanceSchema.strict().parse(balance))).toEqual([
      {
        name: 'Solana',
        symbol: 'SOL',
        chainId: id,
        value: 2.5,
        price: 1,
        quantity: { decimals: '9', numeric: '2.5' },
        iconUrl: '',
      },
      {
        name: 'Test USD',
        symbol: 'tUSD',
        chainId: id,
        address: `${id}:${chain.testUsdMint}`,
        value: 12.5,
        price: 1,
        quantity: { decimals: '6', numeric: '12.5' },
        iconUrl: '',
      },
      {
        name: 'Unknown token',
        symbol: unlisted.slice(0, 4),
        chainId: id,
        address: `${id}:${unlisted}`,
        value: 0,
        price: 0,
        quantity: { decimals: '2', numeric: '7.25' },
        iconUrl: '',
      },
      {
        name: 'Unknown token',
        symbol: token2022.slice(0, 4),
        chainId: id,
        address: `${id}:${token2022}`,
        value: 0,
        price: 0,
        quantity: { decimals: '4', numeric: '1.2345' },
        iconUrl: '',
      },
    ])
  })

  it('answers a fresh address with 0 SOL and nothing else', async () => {
    const fresh = await generateKeyPairSigner()
    const response = await get({ address: fresh.address, caipNetworkId: chain.caipNetworkId })
    expect(await response.json()).toEqual({
      balances: [
        expect.objectContaining({ symbol: 'SOL', value: 0, quantity: { decimals: '9', numeric: '0' } }),
      ],
    })
  })

  it('refuses an address that is not base58 of 32 bytes with the api’s 400', async () => {
    for (const address of [
      '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      'O0Il'.repeat(10),
      '1'.repeat(31),
      'z'.repeat(45),
      'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz',
    ]) {
      const response = await get({ address, caipNetworkId: chain.caipNetworkId })
      expect(response.status, address).toBe(400)
      expect(await response.json()).toEqual({
        code: 'INVALID_REQUEST',
        message: 'address: not a Solana address',
      })
    }
  })

  it('answers UNSUPPORTED_NETWORK for a Solana network it does not serve', async () => {
    const response = await get({
      address: holder.address,
      caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      code: 'UNSUPPORTED_NETWORK',
      message: 'Unsupported network: solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    })
  })

  it('answers the EVM path’s 502 when the cluster’s RPC cannot be read', async () => {
    const chains = new ApiChains([
      localSolanaApiChain({
        rpcUrl: `http://127.0.0.1:${await freePort()}`,
        genesisHash: chain.genesisHash,
        testUsdMint: chain.testUsdMint,
      }),
    ])
    const down = appWith(balanceRoutes({ ...(await routeDeps({ now: 0 })), chains }))
    const response = await down.request(
      `/v1/balances?${new URLSearchParams({ projectId: 'p1', address: holder.address, caipNetworkId: chain.caipNetworkId })}`,
    )
    expect(response.status).toBe(502)
    expect(await response.json()).toEqual({ code: 'UPSTREAM_ERROR', message: 'The chain could not be read' })
  })
})
