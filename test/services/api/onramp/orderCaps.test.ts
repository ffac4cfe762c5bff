import { describe, expect, it } from 'vitest'
import { onrampLimits, onrampMigrations } from '../../../../services/api/onramp/index.js'
import { type NewOrder, OrderStore } from '../../../../services/api/onramp/store.js'
import { postgresDatabases } from '../support/databases.js'
import { released, twoProcesses } from '../support/racingProcesses.js'
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

describe('onramp order caps across two api processes on one PostgreSQL database', () => {
  it("holds one client's orders awaiting payment to its cap when they race through both processes", async () => {
    await twoProcesses(await postgresUrl(), [onrampMigrations], async ({ first, second, gate }) => {
      const stores = [new OrderStore(first), new OrderStore(second)]
      const client = `${projectId} 203.0.113.7`
      const tries = 2 * onrampLimits.openPerClient

      // Every connection of both processes' pools (10 each) ends up waiting to write.
      const outcomes = await released(gate, 'onramp_orders', 20, () =>
        Promise.all(Array.from({ length: tries }, (_, n) => stores[n % 2]?.create(newOrder(n, client)))),
      )

      const kinds = outcomes.map((outcome) => outcome?.kind)
      expect(kinds.filter((kind) => kind === 'created')).toHaveLength(onrampLimits.openPerClient)
      expect(kinds.filter((kind) => kind === 'too-many-for-client')).toHaveLength(
        tries - onrampLimits.openPerClient,
      )
    })
  })
})
