import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { balanceRoutes, tokenBalanceSchema } from '../../../services/api/balances/index.js'
import { ApiChains, localBitcoinApiChain } from '../../../services/api/chains/index.js'
import { type LocalBitcoin, startBitcoinChain } from '../../../services/bitcoin/index.js'
import { freePort } from '../../../services/index.js'
import { broadcast, faucet, mine } from '../bitcoin/regtestChain.js'
import { regtestKey, signedSpend } from '../bitcoin/regtestKeys.js'
import { expectDocumented } from './openapi/documentedAnswers.js'
import { appWith, routeDeps } from './support/routeHarness.js'

const alice = regtestKey('api balances alice')
const bob = regtestKey('api balances bob')
const carol = regtestKey('api balances carol')
const regtest = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'

describe('GET /v1/balances on a Bitcoin network', () => {
  let chain: LocalBitcoin
  let app: Hono
  // The balance cache keeps an answer 2 s by this clock: each read moves it past that.
  const clock = { now: 0 }

  const get = (query: Record<string, string>) => {
    clock.now += 10_000
    return app.request(`/v1/balances?${new URLSearchParams({ projectId: 'p1', ...query })}`)
  }
  const btcOf = async (address: string) => {
    const response = await get({ address, caipNetworkId: regtest })
    expect(response.status).toBe(200)
    const { balances } = (await response.json()) as { balances: unknown[] }
    expect(balances).toHaveLength(1)
    return tokenBalanceSchema.strict().parse(balances[0])
  }

  beforeAll(async () => {
    chain = await startBitcoinChain({ host: '127.0.0.1', port: 0 })
    const chains = new ApiChains([localBitcoinApiChain({ url: chain.url, genesisHash: chain.genesisHash })])
    app = appWith(balanceRoutes({ ...(await routeDeps(clock)), chains }))
  })
  afterAll(() => chain?.close())

  it('BAL-06 answers the address’s BTC, confirmed and unconfirmed together, exactly as the transactions made moved it', async () => {
    const coin = await faucet(chain, alice.p2wpkh.address, 100_000)
    expect(await btcOf(alice.p2wpkh.address)).toEqual({
      name: 'Regtest Bitcoin',
      symbol: 'tBTC',
      chainId: regtest,
      value: 0.001,
      price: 1,
      quantity: { decimals: '8', numeric: '0.001' },
      iconUrl: '',
    })
    // 70,000 sat to Bob, 29,500 back as change: 500 sat of fee. Unconfirmed, it already counts.
    const pay = signedSpend(
      alice,
      alice.p2wpkh,
      [coin],
      [
        { script: bob.p2wpkh.script, amount: 70_000n },
        { script: alice.p2wpkh.script, amount: 29_500n },
      ],
    )
    await broadcast(chain, pay)
    expect((await btcOf(alice.p2wpkh.address)).quantity).toEqual({ decimals: '8', numeric: '0.000295' })
    expect(await btcOf(bob.p2wpkh.address)).toMatchObject({
      value: 0.0007,
      quantity: { decimals: '8', numeric: '0.0007' },
    })
    await mine(chain)
    expect((await btcOf(alice.p2wpkh.address)).quantity.numeric).toBe('0.000295')
    expect((await btcOf(bob.p2wpkh.address)).quantity.numeric).toBe('0.0007')
  })

  it('answers a taproot address, and a bech32 address written in capitals as its lowercase self', async () => {
    await faucet(chain, carol.p2tr.address, 12_345)
    expect((await btcOf(carol.p2tr.address)).quantity.numeric).toBe('0.00012345')
    expect((await btcOf(carol.p2tr.address.toUpperCase())).quantity.numeric).toBe('0.00012345')
    expect((await btcOf(regtestKey('api balances nobody').p2wpkh.address)).quantity).toEqual({
      decimals: '8',
      numeric: '0',
    })
  })

  it('CALL-01 answers as the reference documents GET /v1/balances', async () => {
    const url = `http://api.test/v1/balances?${new URLSearchParams({ projectId: 'p1', address: bob.p2wpkh.address, caipNetworkId: regtest })}`
    clock.now += 10_000
    const answer = await app.request(url)
    expect(answer.status).toBe(200)
    await expectDocumented('GET', url, answer)
  })

  it('refuses an address that is not one of the network’s with the api’s 400', async () => {
    for (const address of [
      '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      // Mainnet and testnet addresses are valid Bitcoin, but not regtest's.
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
      // A checksum broken by one character, mixed case, and text that is no address.
      `${alice.p2wpkh.address.slice(0, -1)}${alice.p2wpkh.address.endsWith('q') ? 'p' : 'q'}`,
      `${alice.p2wpkh.address.slice(0, 10).toUpperCase()}${alice.p2wpkh.address.slice(10)}`,
      'bcrt1',
      '../../regtest/faucet',
      'b'.repeat(100),
    ]) {
      const response = await get({ address, caipNetworkId: regtest })
      expect(response.status, address).toBe(400)
      expect(await response.json()).toEqual({
        code: 'INVALID_REQUEST',
        message: 'address: not a Bitcoin address of this network',
      })
    }
    expect((await get({ address: 'b'.repeat(129), caipNetworkId: regtest })).status).toBe(400)
  })

  it('answers UNSUPPORTED_NETWORK for a Bitcoin network it does not serve', async () => {
    const mainnet = 'bip122:000000000019d6689c085ae165831e93'
    const response = await get({
      address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      caipNetworkId: mainnet,
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      code: 'UNSUPPORTED_NETWORK',
      message: `Unsupported network: ${mainnet}`,
    })
  })

  it('answers the EVM path’s 502 when the Esplora API cannot be read', async () => {
    const chains = new ApiChains([
      localBitcoinApiChain({ url: `http://127.0.0.1:${await freePort()}`, genesisHash: chain.genesisHash }),
    ])
    const down = appWith(balanceRoutes({ ...(await routeDeps({ now: 0 })), chains }))
    const response = await down.request(
      `/v1/balances?${new URLSearchParams({ projectId: 'p1', address: alice.p2wpkh.address, caipNetworkId: regtest })}`,
    )
    expect(response.status).toBe(502)
    expect(await response.json()).toEqual({ code: 'UPSTREAM_ERROR', message: 'The chain could not be read' })
  })
})
