import { describe, expect, it } from 'vitest'
import { type Database, migrate, openDatabase } from '../../../../services/api/db/index.js'
import { onrampLimits, onrampMigrations } from '../../../../services/api/onramp/index.js'
import { type NewOrder, OrderStore } from '../../../../services/api/onramp/store.js'
import { postgresDatabases } from '../support/databases.js'
import { projectId, quotedTerms } from './onrampHarness.js'

const start = Date.UTC(2026, 0, 10, 12)
const postgresUrl = postgresDatabases()

/** A new order for quote `n`, asked for by `clientKey`. */
const newOrder = (n: number, clientKey: string): NewOrder => ({
  id: `ord_race_${String(n).padStart(12, '0')}`,
  quoteId: `q1.race-${n}`,
  terms: quotedTerms(`race-${n}`, start + onrampLimits.quoteLifeMs),
  idempotencyKey: undefined,
  requestHash: `race-${n}`,
  clientKey,
  now: start,
})

/**
 * Runs `race` while a third connection holds back every write to the orders until `waiting` are held (or
 * five seconds pass), then lets them go at once: each then counts the orders before any of the others has
 * committed, as requests arriving together at two api processes do.
 */
async function released<T>(gate: Database, waiting: number, race: () => Promise<T>): Promise<T> {
  let outcome: Promise<T> | undefined
  await gate.transaction(async (tx) => {
    await tx.run('LOCK TABLE onramp_orders IN SHARE MODE')
    outcome = race()
    for (let waited = 0; waited < 250; waited++) {
      const blocked = await gate.get<{ count: number }>(
        'SELECT COUNT(*) AS count FROM pg_locks WHERE NOT granted',
      )
      if (Number(blocked?.count ?? 0) >= waiting) break
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  })
  return outcome as Promise<T>
}

describe('onramp order caps across two api processes on one PostgreSQL database', () => {
  it("holds one client's orders awaiting payment to its cap when they race through both processes", async () => {
    const url = await postgresUrl()
    const [first, second, gate] = [await openDatabase(url), await openDatabase(url), await openDatabase(url)]
    try {
      await migrate(first, [onrampMigrations])
      const stores = [new OrderStore(first), new OrderStore(second)]
      const client = `${projectId} 203.0.113.7`
      const tries = 2 * onrampLimits.openPerClient

      // Every connection of both processes' pools (10 each) ends up waiting to write.
      const outcomes = await released(gate, 20, () =>
        Promise.all(Array.from({ length: tries }, (_, n) => stores[n % 2]?.create(newOrder(n, client)))),
      )

      const kinds = outcomes.map((outcome) => outcome?.kind)
      expect(kinds.filter((kind) => kind === 'created')).toHaveLength(onrampLimits.openPerClient)
      expect(kinds.filter((kind) => kind === 'too-many-for-client')).toHaveLength(
        tries - onrampLimits.openPerClient,
      )
    } finally {
      for (const db of [first, second, gate]) await db.close()
    }
  })
})
