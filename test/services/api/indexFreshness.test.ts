import { describe, expect, it } from 'vitest'
import { type Database, migrate } from '../../../services/api/db/index.js'
import { IndexFreshness, indexerMigrations } from '../../../services/api/indexer/index.js'
import { eachDatabase } from './support/databases.js'

const chain = { chainId: 31337, rpcUrl: 'http://127.0.0.1:1' }

async function indexBlock(db: Database, number: number) {
  await db.run('INSERT INTO indexer_blocks (chain_id, number, hash, parent_hash) VALUES (?, ?, ?, ?)', [
    chain.chainId,
    number,
    `0x${number.toString(16).padStart(64, '0')}`,
    `0x${(number - 1).toString(16).padStart(64, '0')}`,
  ])
}

async function timed(work: Promise<void>): Promise<number> {
  const started = performance.now()
  await work
  return performance.now() - started
}

// Bounds are loose on purpose: "at once" means well inside a 10 s timeout, so a busy machine cannot fail them.
describe.each(eachDatabase())('index freshness on $name', (store) => {
  async function indexedUpTo(number: number) {
    const db = await store.open()
    await migrate(db, [indexerMigrations])
    await indexBlock(db, number)
    return db
  }

  it('VIEW-06 a read asked just after a block was mined waits until the index holds that block', async () => {
    const db = await indexedUpTo(100)
    const freshness = new IndexFreshness(db, { head: async () => 102, pollMs: 10, timeoutMs: 10_000 })
    setTimeout(() => void indexBlock(db, 101).then(() => indexBlock(db, 102)), 200)
    const waited = await timed(freshness.caughtUp(chain))
    expect(waited).toBeGreaterThanOrEqual(150)
    expect(waited).toBeLessThan(5_000)
  })

  it('VIEW-06 answers at once when the index holds the head already, is far behind, or is empty', async () => {
    const db = await indexedUpTo(100)
    const headAt = (head: number) => new IndexFreshness(db, { head: async () => head, timeoutMs: 10_000 })
    expect(await timed(headAt(100).caughtUp(chain))).toBeLessThan(5_000)
    expect(await timed(headAt(500).caughtUp(chain))).toBeLessThan(5_000)
    const empty = new IndexFreshness(db, { head: async () => 5, timeoutMs: 10_000 })
    expect(await timed(empty.caughtUp({ ...chain, chainId: 1 }))).toBeLessThan(5_000)
  })

  it('VIEW-06 gives up after its timeout, and does not wait when the chain cannot be read', async () => {
    const db = await indexedUpTo(100)
    const stalled = new IndexFreshness(db, { head: async () => 101, timeoutMs: 300, pollMs: 20 })
    const waited = await timed(stalled.caughtUp(chain))
    expect(waited).toBeGreaterThanOrEqual(250)
    expect(waited).toBeLessThan(2_000)
    const unreachable = new IndexFreshness(db, { timeoutMs: 10_000 })
    expect(await timed(unreachable.caughtUp(chain))).toBeLessThan(5_000)
  })
})
