import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { migrate, openDatabase } from '../../../services/api/db/index.js'
import { indexerJob, indexerMigrations } from '../../../services/api/indexer/index.js'
import { type ChainFixture, startChainFixture } from '../../support/chain.js'

const silent = { info() {}, warn() {}, error() {} }

describe('the indexer as the api runs it, a background job', () => {
  let chain: ChainFixture
  beforeAll(async () => {
    chain = await startChainFixture()
  }, 60_000)
  afterAll(async () => {
    await chain?.stop()
  })

  it('polls the chain at its own 250 ms, not at the pace the api gives its background jobs (1 s)', async () => {
    const db = await openDatabase(':memory:')
    await migrate(db, [indexerMigrations])
    const sleeps: number[] = []
    const realSetTimeout = globalThis.setTimeout
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((
      handler: () => void,
      ms?: number,
      ...rest: unknown[]
    ) => {
      if (ms === 250 || ms === 1000) sleeps.push(ms)
      return realSetTimeout(handler, ms, ...rest)
    }) as typeof setTimeout)
    const stopping = new AbortController()
    // The deps as startApi hands every job: the background pace comes with them.
    const deps = { db, logger: silent, now: Date.now, pollMs: 1000 }
    const job = indexerJob([{ chainId: chain.chainId, rpcUrl: chain.rpcUrl }], {}, deps)
    const running = job.run(stopping.signal)
    try {
      await vi.waitFor(() => expect(sleeps.length).toBeGreaterThan(0), { timeout: 20_000, interval: 50 })
      expect(sleeps[0]).toBe(250)
    } finally {
      setTimeoutSpy.mockRestore()
      stopping.abort()
      await running
      await db.close()
    }
  }, 30_000)
})
