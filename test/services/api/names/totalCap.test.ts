import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { NameStore, namesMigrations } from '../../../../services/api/names/index.js'
import { postgresDatabases } from '../support/databases.js'
import { released, twoProcesses } from '../support/racingProcesses.js'

const start = Date.UTC(2026, 0, 10, 12)
const postgresUrl = postgresDatabases()

describe('the names total across two api processes on one PostgreSQL database', () => {
  it('holds the names held to the total when registrations through different projects and clients race through both processes', async () => {
    await twoProcesses(await postgresUrl(), [namesMigrations], async ({ first, second, gate }) => {
      const stores = [new NameStore(first), new NameStore(second)]
      const maxNames = 3
      const tries = 8

      const outcomes = await released(gate, 'names', tries, () =>
        Promise.all(
          Array.from({ length: tries }, (_, n) =>
            stores[n % 2]?.add(
              {
                name: `racer-${n}.pairwise.eth`,
                address: privateKeyToAccount(generatePrivateKey()).address,
                coinType: 60,
                createdAt: start,
              },
              maxNames,
              { projectId: `project-${n}`, maxNames: 10, clientKey: `client-${n}`, maxPerClient: 10 },
            ),
          ),
        ),
      )

      expect(outcomes.filter((outcome) => outcome === 'added')).toHaveLength(maxNames)
      expect(outcomes.filter((outcome) => outcome === 'full')).toHaveLength(tries - maxNames)
      const held = await first.get<{ count: number }>('SELECT COUNT(*) AS count FROM names')
      expect(Number(held?.count)).toBe(maxNames)
    })
  })
})
