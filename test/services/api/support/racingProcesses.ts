import { type Database, type Migrations, migrate, openDatabase } from '../../../../services/api/db/index.js'

type Connections = { first: Database; second: Database; gate: Database }

/**
 * Runs `body` with two connections to the PostgreSQL database at `url`, as two api processes hold them
 * (`migrations` applied), and a third that gates their writes (`released`); closes all three after.
 */
export async function twoProcesses<T>(
  url: string,
  migrations: readonly Migrations[],
  body: (connections: Connections) => Promise<T>,
): Promise<T> {
  const [first, second, gate] = [await openDatabase(url), await openDatabase(url), await openDatabase(url)]
  try {
    await migrate(first, migrations)
    return await body({ first, second, gate })
  } finally {
    for (const db of [first, second, gate]) await db.close()
  }
}

/**
 * Runs `race` while `gate` holds back every write to `table` until `waiting` are held (or five seconds
 * pass), then lets them go at once: each then counts the rows before any of the others has committed, as
 * requests arriving together at two api processes do.
 */
export async function released<T>(
  gate: Database,
  table: string,
  waiting: number,
  race: () => Promise<T>,
): Promise<T> {
  let outcome: Promise<T> | undefined
  await gate.transaction(async (tx) => {
    await tx.run(`LOCK TABLE ${table} IN SHARE MODE`)
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
