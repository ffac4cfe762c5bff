import { randomBytes } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Address, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { type Database, migrate, openDatabase } from '../../../services/api/db/index.js'
import { leaderLockKeys } from '../../../services/api/db/leaderLock.js'
import { type RunningApi, type StartApiOptions, startApi } from '../../../services/api/index.js'
import { indexerMigrations, startIndexer } from '../../../services/api/indexer/index.js'
import { devPrivateKeys } from '../../../services/index.js'
import { type ChainFixture, startChainFixture } from '../../support/chain.js'
import { runCli, useBundledCli } from '../../support/cli.js'
import { tokenBalance } from '../../support/tokenBalance.js'
import {
  buyer,
  createOnrampProject,
  post,
  projectId,
  quoteRequest,
  sandboxConfig,
} from './onramp/onrampHarness.js'
import { postgresDatabases } from './support/databases.js'
import { type Line, memoryLogger } from './support/memoryLogger.js'

const newDatabase = postgresDatabases()
// Generous for a loaded 2-core machine; takeovers themselves are asserted against 5 s.
const waitLong = { timeout: 60_000, interval: 50 }
const deliveryAccount = privateKeyToAccount(devPrivateKeys[1]).address
const card = { number: '4242424242424242', expiry: '12/34', cvc: '123' }
const silent = { debug() {}, info() {}, warn() {}, error() {} }

let chain: ChainFixture
beforeAll(async () => {
  chain = await startChainFixture()
})
afterAll(async () => {
  await chain?.stop()
})

describe('api roles on one PostgreSQL database', () => {
  const bundled = useBundledCli('api-roles')
  const running: RunningApi[] = []
  const opened: Database[] = []
  afterEach(async () => {
    await chain.testClient.setAutomine(true)
    for (const api of running.splice(0)) await api.close()
    for (const db of opened.splice(0)) await db.close()
  })

  const chains = () => [
    {
      chainId: chain.chainId,
      rpcUrl: chain.rpcUrl,
      nativeCurrency: { name: 'Test Ether', symbol: 'tETH', decimals: 18 },
    },
  ]

  /** Api processes (in this process) on one fresh database, each with its own log. */
  async function deployment() {
    const database = await newDatabase()
    const start = async (role: StartApiOptions['role'], lines: Line[] = []) => {
      const api = await startApi({
        port: 0,
        database,
        role,
        logger: { ...memoryLogger(lines), debug() {} },
        adminToken: randomBytes(32).toString('hex'),
        chains: chains(),
        indexer: { pollMs: 50 },
        onramp: { sandbox: sandboxConfig(chain) },
        backgroundPollMs: 100,
        metrics: { kind: 'open' },
      })
      running.push(api)
      return api
    }
    const admin = await openDatabase(database)
    opened.push(admin)
    await migrate(admin, [])
    return { database, start, admin }
  }

  const chainHead = async () => Number(await chain.publicClient.getBlockNumber({ cacheTime: 0 }))
  const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address
  /** 0.01 tETH from dev account 0 to `to`, mined (Anvil signs for its dev accounts and picks the nonce). */
  const sendEth = async (to: Address) => {
    const hash = await chain.testClient.sendUnsignedTransaction({
      from: privateKeyToAccount(devPrivateKeys[0]).address,
      to,
      value: parseEther('0.01'),
    })
    await chain.publicClient.waitForTransactionReceipt({ hash })
  }

  /** Waits until `db`'s indexer has stored the chain's head block. */
  const indexedToHead = (db: Database) =>
    vi.waitFor(async () => {
      const row = await db.get<{ head: number }>('SELECT MAX(number) AS head FROM indexer_blocks')
      expect(Number(row?.head)).toBe(await chainHead())
    }, waitLong)

  /** Every transfer indexed into `db`, against a fresh single indexer's reading of the same chain. */
  async function expectRowsOfTheChain(db: Database) {
    await indexedToHead(db)
    const reference = await openDatabase(await newDatabase())
    opened.push(reference)
    await migrate(reference, [indexerMigrations])
    const indexer = startIndexer({
      db: reference,
      rpcUrl: chain.rpcUrl,
      chainId: chain.chainId,
      logger: silent,
    })
    await indexer.caughtUp()
    await indexer.stop()
    const transfers = 'SELECT * FROM indexer_transfers ORDER BY block_number, tx_index, log_index'
    const blocks = 'SELECT number, hash FROM indexer_blocks ORDER BY number'
    const expected = await reference.all(transfers)
    expect(expected.length).toBeGreaterThan(0)
    expect(await db.all(transfers)).toEqual(expected)
    expect(await db.all(blocks)).toEqual(await reference.all(blocks))
  }

  const json = async <T>(url: string, init?: RequestInit) => {
    const answer = await fetch(url, init)
    return { status: answer.status, body: (await answer.json()) as T }
  }

  /** Quotes, orders and pays `amount` USD of tUSDC through `api`; resolves to the order id and the tUSDC units bought. */
  async function buy(api: RunningApi, amount: string) {
    const quote = await json<{ quoteId: string; purchaseAmount: { amount: string } }>(
      `${api.url}/v1/onramp/quote?projectId=${projectId}`,
      quoteRequest(chain, amount),
    )
    expect(quote.status).toBe(200)
    const order = await json<{ id: string }>(
      `${api.url}/v1/onramp/orders?projectId=${projectId}`,
      post({ quoteId: quote.body.quoteId }),
    )
    expect(order.status).toBe(201)
    const paid = await json<{ status: string }>(
      `${api.url}/v1/onramp/orders/${order.body.id}/payment?projectId=${projectId}`,
      post({ quoteId: quote.body.quoteId, card }),
    )
    expect(paid.body.status).toBe('PAYMENT_COMPLETE')
    return { id: order.body.id, units: BigInt(Math.round(Number(quote.body.purchaseAmount.amount) * 1e6)) }
  }

  const statusOf = async (db: Database, id: string) =>
    await db.get<{ status: string; tx_hash: string | null }>(
      'SELECT status, tx_hash FROM onramp_orders WHERE id = ?',
      [id],
    )
  const usdcOf = (address: Address) => tokenBalance(chain.publicClient, chain.fixtures.testUsdc, address)
  const sentFromDeliveryKey = () =>
    chain.publicClient.getTransactionCount({ address: deliveryAccount, blockTag: 'latest' })

  it('a web process runs no background work and a worker serves only /health; a payment on the web is delivered by the worker', async () => {
    const { start } = await deployment()
    const webLines: Line[] = []
    const web = await start('web', webLines)
    const worker = await start('worker')
    await createOnrampProject(web.db)
    await vi.waitFor(() => expect(worker.background().sort()).toEqual(['indexer', 'onramp']), waitLong)
    expect((await fetch(`${worker.url}/health`)).status).toBe(200)
    expect((await fetch(`${worker.url}/v1/onramp/options?projectId=${projectId}`)).status).toBe(404)
    expect((await fetch(`${web.url}/v1/onramp/options?projectId=${projectId}`)).status).toBe(200)

    const before = await usdcOf(buyer)
    const bought = await buy(web, '30')
    await vi.waitFor(
      async () => expect((await statusOf(web.db, bought.id))?.status).toBe('COMPLETED'),
      waitLong,
    )
    expect((await usdcOf(buyer)) - before).toBe(bought.units)
    expect(web.background()).toEqual([])
    // Each process's /metrics says which background work runs there (the worker's both, the web's none), how
    // far the indexer is behind the chain, and its PostgreSQL pool's use.
    const gauges = async (api: RunningApi, prefix: string) =>
      (await (await fetch(`${api.url}/metrics`)).text()).split('\n').filter((line) => line.startsWith(prefix))
    expect(await gauges(worker, 'pairwise_api_background_job')).toEqual([
      'pairwise_api_background_job{job="indexer"} 1',
      'pairwise_api_background_job{job="onramp"} 1',
    ])
    expect(await gauges(web, 'pairwise_api_background_job')).toEqual([])
    await vi.waitFor(
      async () =>
        expect(await gauges(worker, 'pairwise_api_indexer_lag_blocks')).toEqual([
          `pairwise_api_indexer_lag_blocks{chain="${chain.chainId}"} 0`,
        ]),
      waitLong,
    )
    expect(await gauges(web, 'pairwise_api_indexer_lag_blocks')).toEqual([])
    for (const api of [web, worker]) {
      expect(await gauges(api, 'pairwise_api_db_connections_max')).toEqual([
        'pairwise_api_db_connections_max 10',
      ])
      expect(await gauges(api, 'pairwise_api_db_connections{state="idle"}')).toHaveLength(1)
      expect(await gauges(api, 'pairwise_api_db_waiting_queries')).toEqual([
        'pairwise_api_db_waiting_queries 0',
      ])
    }
    expect(webLines.map((line) => line.event)).not.toContain('leader.acquired')
    expect(webLines.map((line) => line.event)).not.toContain('indexer.started')
  })

  it('one of two processes runs the indexer and the deliveries; when its sessions die the other takes over within 5 s, no row or delivery lost or doubled', async () => {
    const { start, admin } = await deployment()
    const aLines: Line[] = []
    const bLines: Line[] = []
    const a = await start('all', aLines)
    await vi.waitFor(() => expect(a.background().sort()).toEqual(['indexer', 'onramp']), waitLong)
    const b = await start('all', bLines)
    const web = await start('web')
    await createOnrampProject(web.db)
    const holder = freshAddress()
    for (let i = 0; i < 3; i++) await sendEth(holder)
    await indexedToHead(admin)
    expect(b.background()).toEqual([])
    const started = (lines: Line[]) => lines.filter((line) => line.event === 'indexer.started').length
    expect([started(aLines), started(bLines)]).toEqual([1, 0])

    // Two deliveries sent and not yet mined when the holder dies: the next holder must settle, not resend, them.
    const keyNonce = await sentFromDeliveryKey()
    const usdcBefore = await usdcOf(buyer)
    await chain.testClient.setAutomine(false)
    const pending = [await buy(web, '20'), await buy(web, '25')]
    await vi.waitFor(async () => {
      for (const { id } of pending) expect((await statusOf(admin, id))?.tx_hash).toMatch(/^0x/)
    }, waitLong)

    // What a kill -9 of a does to its locks: PostgreSQL ends its sessions (a is then stopped, so it cannot take them back).
    const killedAt = Date.now()
    await admin.run(
      "SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
    )
    const closing = a.close()
    await vi.waitFor(() => expect(b.background().sort()).toEqual(['indexer', 'onramp']), waitLong)
    expect(Date.now() - killedAt).toBeLessThan(5000)
    await closing
    expect([started(aLines), started(bLines)]).toEqual([1, 1])
    // a stopped waiting for the two receipts without failing their orders.
    expect(aLines.filter((line) => line.event === 'onramp.delivery_handed_over')).toHaveLength(2)

    // A payment after the takeover, and more blocks for the new holder's indexer.
    pending.push(await buy(web, '15'))
    await chain.testClient.setAutomine(true)
    await chain.testClient.mine({ blocks: 1 })
    for (let i = 0; i < 2; i++) await sendEth(holder)
    await vi.waitFor(async () => {
      for (const { id } of pending) expect((await statusOf(admin, id))?.status).toBe('COMPLETED')
    }, waitLong)
    // Each order delivered exactly once: three transactions from the delivery key, the tUSDC bought and no more.
    expect((await sentFromDeliveryKey()) - keyNonce).toBe(3)
    expect((await usdcOf(buyer)) - usdcBefore).toBe(pending.reduce((sum, each) => sum + each.units, 0n))
    await expectRowsOfTheChain(admin)
    const holderRows = await admin.get<{ count: number }>(
      'SELECT COUNT(*) AS count FROM indexer_transfers WHERE to_address = ?',
      [holder.toLowerCase()],
    )
    expect(Number(holderRows?.count)).toBe(5)
  })

  it('a worker killed with SIGKILL: the standby indexes on within 5 s and the rows match the chain', async () => {
    const { database, start, admin } = await deployment()
    const chainsFile = join(bundled.dir, 'chains.json')
    writeFileSync(chainsFile, JSON.stringify(chains()))
    const child = runCli(bundled.cli, [
      'api',
      '--role',
      'worker',
      '--port',
      '0',
      '--database',
      database,
      '--chains',
      chainsFile,
    ])
    try {
      await child.waitFor(/api {2}http/, 60_000)
      const indexerHolders = async () =>
        admin.all("SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND objid = ?", [
          leaderLockKeys.indexer,
        ])
      await vi.waitFor(async () => expect(await indexerHolders()).toHaveLength(1), waitLong)
      const standby = await start('all')
      // The child has no onramp: the standby holds that at once, and the indexer only after the child dies.
      await vi.waitFor(() => expect(standby.background()).toEqual(['onramp']), waitLong)
      const holder = freshAddress()
      await sendEth(holder)
      await indexedToHead(admin)
      const killedAt = Date.now()
      child.child.kill('SIGKILL')
      await child.exited
      await sendEth(holder)
      await vi.waitFor(() => expect(standby.background().sort()).toEqual(['indexer', 'onramp']), waitLong)
      expect(Date.now() - killedAt).toBeLessThan(5000)
      await sendEth(holder)
      await expectRowsOfTheChain(admin)
      const holderRows = await admin.get<{ count: number }>(
        'SELECT COUNT(*) AS count FROM indexer_transfers WHERE to_address = ?',
        [holder.toLowerCase()],
      )
      expect(Number(holderRows?.count)).toBe(3)
    } finally {
      child.child.kill('SIGKILL')
      await child.exited
    }
  })
})
