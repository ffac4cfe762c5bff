import type { Hono } from 'hono'
import { createWalletClient, type Hex, http, parseEther, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ActivityItem, activityRoutes, tokensSeenBy } from '../../../services/api/activity/index.js'
import { type Database, migrate } from '../../../services/api/db/index.js'
import { type Indexer, indexerMigrations, startIndexer } from '../../../services/api/indexer/index.js'
import { devPrivateKeys, localNetwork, testNftAbi, testUsdAbi } from '../../../services/index.js'
import { type ChainFixture, startChainFixture } from '../../support/chain.js'
import { eachDatabase } from './support/databases.js'
import { appWith, routeDeps } from './support/routeHarness.js'

type Page = { data: ActivityItem[]; next: string | null }

describe.each(eachDatabase())('GET /v1/activity on $name', (store) => {
  let chain: ChainFixture
  let db: Database
  let app: Hono
  let indexer: Indexer
  const holderKey = generatePrivateKey()
  const holder = privateKeyToAccount(holderKey).address
  const walletOf = (key: Hex) =>
    createWalletClient({
      account: privateKeyToAccount(key),
      chain: localNetwork(chain.rpcUrl),
      transport: http(chain.rpcUrl),
    })
  const mined = async (hash: Promise<Hex>) =>
    chain.publicClient.waitForTransactionReceipt({ hash: await hash })
  const get = (query: Record<string, string>) =>
    app.request(
      `/v1/activity?${new URLSearchParams({ projectId: 'p1', caipNetworkId: 'eip155:31337', ...query })}`,
    )
  const page = async (query: Record<string, string>): Promise<Page> => {
    const response = await get(query)
    expect(response.status).toBe(200)
    return (await response.json()) as Page
  }

  beforeAll(async () => {
    chain = await startChainFixture()
    db = await store.open()
    await migrate(db, [indexerMigrations])
    indexer = startIndexer({
      db,
      rpcUrl: chain.rpcUrl,
      chainId: chain.chainId,
      logger: { info() {}, warn() {}, error() {} },
    })
    const chains = [{ chainId: chain.chainId, rpcUrl: chain.rpcUrl, nativeCurrency: { decimals: 18 } }]
    app = appWith(activityRoutes({ ...(await routeDeps({ now: 0 })), db, chains }))
    await indexer.caughtUp()
  }, 60_000)
  afterAll(async () => {
    await indexer?.stop()
    await chain?.stop()
  })

  it('answers the address’s transfers newest first in the contract’s shape, with in, out and self directions', async () => {
    const other = privateKeyToAccount(generatePrivateKey()).address
    await chain.testClient.setBalance({ address: holder, value: parseEther('10') })
    const received = await mined(
      walletOf(devPrivateKeys[0]).writeContract({
        address: chain.fixtures.testUsd,
        abi: testUsdAbi,
        functionName: 'transfer',
        args: [holder, parseUnits('7', 6)],
      }),
    )
    const sent = await mined(walletOf(holderKey).sendTransaction({ to: other, value: parseEther('0.25') }))
    const self = await mined(walletOf(holderKey).sendTransaction({ to: holder, value: parseEther('1') }))
    await indexer.caughtUp()
    const { data, next } = await page({ address: holder.toLowerCase() })
    expect(next).toBeNull()
    expect(data).toEqual([
      {
        id: `${self.transactionHash}:value`,
        hash: self.transactionHash,
        blockNumber: Number(self.blockNumber),
        timestamp: expect.any(Number),
        status: 'confirmed',
        direction: 'self',
        from: holder,
        to: holder,
        kind: 'native',
        amount: '1',
      },
      expect.objectContaining({ hash: sent.transactionHash, direction: 'out', to: other, amount: '0.25' }),
      expect.objectContaining({
        id: `${received.transactionHash}:0`,
        direction: 'in',
        kind: 'erc20',
        amount: '7',
        token: { address: chain.fixtures.testUsd, name: 'Test USD', symbol: 'tUSD', decimals: 6 },
      }),
    ])
  })

  it('pages by an opaque cursor that stays stable while new transfers arrive', async () => {
    const payee = privateKeyToAccount(generatePrivateKey()).address
    const pay = (wei: number) =>
      mined(walletOf(devPrivateKeys[1]).sendTransaction({ to: payee, value: BigInt(wei) }))
    for (let wei = 1; wei <= 25; wei++) await pay(wei)
    await indexer.caughtUp()
    const amounts = (items: ActivityItem[]) => items.map((item) => Number(BigInt(parseEther(item.amount))))
    const first = await page({ address: payee, limit: '10' })
    expect(amounts(first.data)).toEqual([25, 24, 23, 22, 21, 20, 19, 18, 17, 16])
    expect(first.next).toMatch(/^[A-Za-z0-9_-]+$/)
    for (let wei = 26; wei <= 30; wei++) await pay(wei)
    await indexer.caughtUp()
    const second = await page({ address: payee, limit: '10', cursor: first.next as string })
    expect(amounts(second.data)).toEqual([15, 14, 13, 12, 11, 10, 9, 8, 7, 6])
    const third = await page({ address: payee, limit: '10', cursor: second.next as string })
    expect(amounts(third.data)).toEqual([5, 4, 3, 2, 1])
    expect(third.next).toBeNull()
    expect(amounts((await page({ address: payee, limit: '3' })).data)).toEqual([30, 29, 28])
    // 20 by default, at most 100.
    expect((await page({ address: payee })).data).toHaveLength(20)
    expect((await page({ address: payee, limit: '100' })).data).toHaveLength(30)
  })

  it('serves a mined transfer within 1 s (indexer lag, 10 transfers: at least 9 within 1 s, none over 3 s)', async () => {
    const lags: number[] = []
    for (let i = 0; i < 10; i++) {
      const payee = privateKeyToAccount(generatePrivateKey()).address
      // Anvil mines on receipt of the transaction: once sendTransaction returns, the block exists.
      await walletOf(devPrivateKeys[2]).sendTransaction({ to: payee, value: 1n })
      const mined = performance.now()
      while ((await page({ address: payee })).data.length === 0) await new Promise((r) => setTimeout(r, 10))
      lags.push(performance.now() - mined)
    }
    // One transfer may land in a busy machine's scheduling gap (1.7 s seen once in CI); an indexer that polls
    // too slowly, or waits on anything, misses most of them.
    const shown = `lags ${lags.map(Math.round).join(', ')} ms`
    expect(lags.filter((lag) => lag > 1000).length, shown).toBeLessThanOrEqual(1)
    expect(Math.max(...lags), shown).toBeLessThanOrEqual(3000)
  })

  it('names the ERC-20 contracts that moved to or from an address (for the balances read), not NFTs', async () => {
    const fresh = privateKeyToAccount(generatePrivateKey()).address
    expect(await tokensSeenBy(db, chain.chainId, fresh)).toEqual([])
    await mined(
      walletOf(devPrivateKeys[0]).writeContract({
        address: chain.fixtures.testNft,
        abi: testNftAbi,
        functionName: 'transferFrom',
        args: [privateKeyToAccount(devPrivateKeys[0]).address, holder, 1n],
      }),
    )
    await indexer.caughtUp()
    expect(await tokensSeenBy(db, chain.chainId, holder.toLowerCase())).toEqual([chain.fixtures.testUsd])
    expect(await tokensSeenBy(db, 1, holder)).toEqual([])
  })

  it('answers a bad query with 400 (INVALID_REQUEST or UNSUPPORTED_NETWORK) and an unknown project with 401', async () => {
    const cases: [Record<string, string>, number, string, RegExp][] = [
      [{}, 400, 'INVALID_REQUEST', /^address: /],
      [{ address: '0x123' }, 400, 'INVALID_REQUEST', /^address: /],
      [{ address: `${holder}00` }, 400, 'INVALID_REQUEST', /^address: /],
      [{ address: holder, caipNetworkId: 'eip155' }, 400, 'INVALID_REQUEST', /^caipNetworkId: /],
      [
        { address: holder, caipNetworkId: 'eip155:1' },
        400,
        'UNSUPPORTED_NETWORK',
        /^Unsupported network: eip155:1$/,
      ],
      [{ address: holder, caipNetworkId: 'solana:5eykt4' }, 400, 'UNSUPPORTED_NETWORK', /solana/],
      [{ address: holder, limit: '0' }, 400, 'INVALID_REQUEST', /^limit: /],
      [{ address: holder, limit: '101' }, 400, 'INVALID_REQUEST', /^limit: /],
      [{ address: holder, limit: '1.5' }, 400, 'INVALID_REQUEST', /^limit: /],
      [{ address: holder, limit: 'ten' }, 400, 'INVALID_REQUEST', /^limit: /],
      [{ address: holder, cursor: 'bm90IGEgY3Vyc29y' }, 400, 'INVALID_REQUEST', /^cursor: /],
      [{ address: holder, cursor: 'x'.repeat(65) }, 400, 'INVALID_REQUEST', /^cursor: /],
      [{ address: holder, projectId: 'nope' }, 401, 'INVALID_KEY', /^Unauthorized: invalid key$/],
    ]
    for (const [query, status, code, message] of cases) {
      const response = await get(query)
      expect([query, response.status]).toEqual([query, status])
      const body = (await response.json()) as { code: string; message: string }
      expect(body.code).toBe(code)
      expect(body.message).toMatch(message)
    }
  })
})
