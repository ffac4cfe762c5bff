import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { activityPageSchema } from '../../../modal/api/activity.js'
import { listBitcoinActivity } from '../../../services/api/activity/bitcoinActivity.js'
import { activityRoutes, type BitcoinActivityPage } from '../../../services/api/activity/index.js'
import {
  bitcoinApiChainSchema,
  httpEsplora,
  localBitcoinApiChain,
} from '../../../services/api/chains/index.js'
import { type LocalBitcoin, startBitcoinChain } from '../../../services/bitcoin/index.js'
import { freePort } from '../../../services/index.js'
import { blockOf, broadcast, faucet, mine } from '../bitcoin/regtestChain.js'
import { regtestKey, signedSpend, type TestCoin } from '../bitcoin/regtestKeys.js'
import { expectDocumented } from './openapi/documentedAnswers.js'
import { appWith, routeDeps } from './support/routeHarness.js'

const alice = regtestKey('api activity alice')
const bob = regtestKey('api activity bob')
const carol = regtestKey('api activity carol')
const regtest = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'

describe('GET /v1/activity on a Bitcoin network', () => {
  let chain: LocalBitcoin
  let app: Hono
  const clock = { now: 1_800_000_000_000 }
  const txids = { funded: '', paid: '', repaid: '' }
  const carolTxids: string[] = []

  const get = (path: string, query: Record<string, string>) =>
    app.request(`${path}?${new URLSearchParams({ projectId: 'p1', caipNetworkId: regtest, ...query })}`)
  const page = async (query: Record<string, string>) => {
    const response = await get('/v1/activity', query)
    expect(response.status).toBe(200)
    return (await response.json()) as BitcoinActivityPage
  }
  /** Every row of `address`, walked page by page with the cursors the api answers. */
  const walk = async (address: string, limit: number) => {
    const rows: string[] = []
    let cursor: string | null = null
    do {
      const next: BitcoinActivityPage = await page({
        address,
        limit: String(limit),
        ...(cursor === null ? {} : { cursor }),
      })
      expect(next.data.length).toBeLessThanOrEqual(limit)
      rows.push(...next.data.map((item) => item.hash))
      cursor = next.next
    } while (cursor !== null)
    return rows
  }

  beforeAll(async () => {
    chain = await startBitcoinChain({ host: '127.0.0.1', port: 0 })
    // Alice is paid by the faucet; she pays Bob 0.0007 (0.000295 back as change, 500 sat of fee), mined;
    // then Bob pays her 0.0002 back (300 sat of fee), left in the mempool.
    const coin = await faucet(chain, alice.p2wpkh.address, 100_000)
    txids.funded = coin.txid
    const pay = signedSpend(
      alice,
      alice.p2wpkh,
      [coin],
      [
        { script: bob.p2wpkh.script, amount: 70_000n },
        { script: alice.p2wpkh.script, amount: 29_500n },
      ],
    )
    txids.paid = await broadcast(chain, pay)
    await mine(chain)
    const bobCoin: TestCoin = { txid: pay.id, vout: 0, value: 70_000n }
    txids.repaid = await broadcast(
      chain,
      signedSpend(
        bob,
        bob.p2wpkh,
        [bobCoin],
        [
          { script: alice.p2wpkh.script, amount: 20_000n },
          { script: bob.p2wpkh.script, amount: 49_700n },
        ],
      ),
    )
    // Carol: 30 faucet payments (30 blocks, more than Esplora's page of 25), then one of them sent to
    // herself, unconfirmed.
    for (let i = 0; i < 30; i++)
      carolTxids.unshift((await faucet(chain, carol.p2tr.address, 10_000 + i)).txid)
    const own: TestCoin = { txid: carolTxids[0] as string, vout: 0, value: 10_029n }
    carolTxids.unshift(
      await broadcast(
        chain,
        signedSpend(carol, carol.p2tr, [own], [{ script: carol.p2tr.script, amount: 9_829n }]),
      ),
    )
    const bitcoinChains = [
      bitcoinApiChainSchema.parse(localBitcoinApiChain({ url: chain.url, genesisHash: chain.genesisHash })),
    ]
    app = appWith(activityRoutes({ ...(await routeDeps(clock)), chains: [], bitcoinChains }))
  }, 60_000)
  afterAll(() => chain?.close())

  it('VIEW-06 answers the address’s transactions newest first, the mempool’s first: direction, counterparty, amount apart from the fee, fee, status and time', async () => {
    const { data, next } = await page({ address: alice.p2wpkh.address })
    expect(next).toBeNull()
    const paidIn = await blockOf(chain, txids.paid)
    const fundedIn = await blockOf(chain, txids.funded)
    expect(data).toEqual([
      {
        id: `${txids.repaid}:native`,
        hash: txids.repaid,
        blockNumber: null,
        timestamp: clock.now / 1000,
        status: 'pending',
        direction: 'in',
        from: bob.p2wpkh.address,
        to: alice.p2wpkh.address,
        kind: 'native',
        amount: '0.0002',
        fee: '0.000003',
      },
      {
        id: `${txids.paid}:native`,
        hash: txids.paid,
        blockNumber: paidIn.height,
        timestamp: paidIn.time,
        status: 'confirmed',
        direction: 'out',
        from: alice.p2wpkh.address,
        to: bob.p2wpkh.address,
        kind: 'native',
        amount: '0.0007',
        fee: '0.000005',
      },
      // The faucet's coinbase spends no output: there is no sender to name.
      {
        id: `${txids.funded}:native`,
        hash: txids.funded,
        blockNumber: fundedIn.height,
        timestamp: fundedIn.time,
        status: 'confirmed',
        direction: 'in',
        to: alice.p2wpkh.address,
        kind: 'native',
        amount: '0.001',
        fee: '0',
      },
    ])
    expect(paidIn.height).toBe(fundedIn.height + 1)
    const bobs = await page({ address: bob.p2wpkh.address })
    expect(
      bobs.data.map(({ direction, from, to, amount, status }) => ({ direction, from, to, amount, status })),
    ).toEqual([
      {
        direction: 'out',
        from: bob.p2wpkh.address,
        to: alice.p2wpkh.address,
        amount: '0.0002',
        status: 'pending',
      },
      {
        direction: 'in',
        from: alice.p2wpkh.address,
        to: bob.p2wpkh.address,
        amount: '0.0007',
        status: 'confirmed',
      },
    ])
  })

  it('answers a payment to oneself as self, moving nothing but its fee', async () => {
    const [own] = (await page({ address: carol.p2tr.address, limit: '1' })).data
    expect(own).toMatchObject({
      hash: carolTxids[0],
      status: 'pending',
      direction: 'self',
      from: carol.p2tr.address,
      to: carol.p2tr.address,
      amount: '0',
      fee: '0.000002',
    })
  })

  it('pages with the txid of each page’s last row, from the mempool into the confirmed pages and across Esplora’s pages of 25', async () => {
    expect(carolTxids).toHaveLength(31)
    expect(await walk(carol.p2tr.address, 100)).toEqual(carolTxids)
    expect(await walk(carol.p2tr.address, 7)).toEqual(carolTxids)
    expect(await walk(carol.p2tr.address, 1)).toEqual(carolTxids)
    const first = await page({ address: carol.p2tr.address, limit: '25' })
    expect(first.next).toBe(carolTxids[24])
    const second = await page({ address: carol.p2tr.address, limit: '25', cursor: first.next ?? '' })
    expect(second.data.map((item) => item.hash)).toEqual(carolTxids.slice(25))
    expect(second.next).toBeNull()
    // A cursor from the mempool still works once its transaction is mined.
    const pending = await page({ address: alice.p2wpkh.address, limit: '1' })
    expect(pending.next).toBe(txids.repaid)
    await mine(chain)
    const after = await page({ address: alice.p2wpkh.address, limit: '5', cursor: txids.repaid })
    expect(after.data.map((item) => item.hash)).toEqual([txids.paid, txids.funded])
  })

  it('CALL-01 answers as the reference documents GET /v1/activity and GET /v1/nfts, and the modal reads the page', async () => {
    const query = new URLSearchParams({
      projectId: 'p1',
      caipNetworkId: regtest,
      address: bob.p2wpkh.address,
    })
    for (const path of ['/v1/activity', '/v1/nfts']) {
      const url = `http://api.test${path}?${query}`
      const answer = await app.request(url)
      expect(answer.status).toBe(200)
      await expectDocumented('GET', url, answer.clone())
      if (path === '/v1/nfts') expect(await answer.json()).toEqual({ data: [] })
      else expect(z.safeParse(activityPageSchema, await answer.json()).success).toBe(true)
    }
  })

  it('refuses a malformed address, cursor or limit, a cursor of no transaction of the address, and a network it does not serve', async () => {
    const refusal = async (query: Record<string, string>, path = '/v1/activity') => {
      const response = await get(path, query)
      return [response.status, await response.json()]
    }
    const notAddress = [
      400,
      { code: 'INVALID_REQUEST', message: 'address: not a Bitcoin address of this network' },
    ]
    for (const address of [
      '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      'bcrt1qqqq',
      '%2F..',
    ])
      for (const path of ['/v1/activity', '/v1/nfts'])
        expect(await refusal({ address }, path), address).toEqual(notAddress)
    const badCursor = [400, { code: 'INVALID_REQUEST', message: 'cursor: not a cursor this api gave' }]
    const address = alice.p2wpkh.address
    expect(await refusal({ address, cursor: 'MS4yLjM' })).toEqual(badCursor)
    expect(await refusal({ address, cursor: txids.paid.toUpperCase() })).toEqual(badCursor)
    // Well formed, but a transaction of someone else.
    expect(await refusal({ address, cursor: carolTxids[5] as string })).toEqual(badCursor)
    expect((await get('/v1/activity', { address, limit: '101' })).status).toBe(400)
    expect((await get('/v1/activity', { address, limit: '0' })).status).toBe(400)
    const mainnet = 'bip122:000000000019d6689c085ae165831e93'
    expect(await refusal({ address, caipNetworkId: mainnet })).toEqual([
      400,
      { code: 'UNSUPPORTED_NETWORK', message: `Unsupported network: ${mainnet}` },
    ])
  })

  it('answers 502 when the Esplora API is down or answers more than the client’s cap', async () => {
    const down = bitcoinApiChainSchema.parse(
      localBitcoinApiChain({ url: `http://127.0.0.1:${await freePort()}`, genesisHash: chain.genesisHash }),
    )
    const live = bitcoinApiChainSchema.parse(
      localBitcoinApiChain({ url: chain.url, genesisHash: chain.genesisHash }),
    )
    const query = `?${new URLSearchParams({ projectId: 'p1', caipNetworkId: regtest, address: carol.p2tr.address })}`
    const upstreamError = { code: 'UPSTREAM_ERROR', message: 'The chain could not be read' }
    for (const routes of [
      activityRoutes({ ...(await routeDeps(clock)), chains: [], bitcoinChains: [down] }),
      // The pluggable client: the same API read with a 4 KiB cap, which a page of carol's 31 exceeds.
      activityRoutes({
        ...(await routeDeps(clock)),
        chains: [],
        bitcoinChains: [live],
        esplora: (network) => httpEsplora(network.esploraUrl, { maxResponseBytes: 4096 }),
      }),
    ]) {
      const response = await appWith(routes).request(`/v1/activity${query}`)
      expect([response.status, await response.json()]).toEqual([502, upstreamError])
    }
  })
})

describe('Bitcoin activity read while a block is mined', () => {
  it('shows once, as mined, a transaction the mempool listed and the next block confirmed before its confirmed page was read', async () => {
    const address = 'bcrt1qexampleaddressxxxxxxxxxxxxxxxxxxxxxxxxx'
    const payment = (id: string, confirmed: boolean) => ({
      txid: id.repeat(64),
      fee: 200,
      status: confirmed ? { confirmed, block_height: 7, block_time: 1_800_000_000 } : { confirmed },
      vin: [{ prevout: { scriptpubkey_address: 'bcrt1qsomeoneelse', value: 10_200 } }],
      vout: [{ scriptpubkey_address: address, value: 10_000 }],
    })
    // The mempool answered before the block; the confirmed page after it.
    const answers: Record<string, unknown> = {
      mempool: [payment('a', false)],
      chain: [payment('a', true), payment('b', true)],
    }
    const esplora = {
      get: async <S extends z.ZodMiniType>(path: string, schema: S) =>
        schema.parse(answers[path.endsWith('/mempool') ? 'mempool' : 'chain']) as z.output<S>,
    }
    const { data } = await listBitcoinActivity(esplora as never, { address, limit: 10, now: () => 0 })
    expect(data.map((item) => [item.hash[0], item.status])).toEqual([
      ['a', 'confirmed'],
      ['b', 'confirmed'],
    ])
  })
})
