import { apiLockKeys, apiLockNamespace } from './advisoryLocks.js'
import type { Database } from './database.js'

/** One module's schema history: step i (from 0) brings the module to version i + 1. */
export type Migrations = { module: string; steps: readonly (readonly string[])[] }

type Statements = Omit<Database, 'transaction' | 'close'>

/**
 * Brings each module's tables to its newest version, each step in its own transaction, recording the
 * version per module so modules (projects, indexer, analytics, …) evolve independently. A database
 * newer than this code is refused rather than written to.
 *
 * Several api processes may start together on one PostgreSQL database: there each transaction first takes
 * a transaction-level advisory lock and only then reads the module's version, so exactly one process
 * applies each step and the others, having waited for its commit, find it applied. (SQLite serves one
 * process, and its transactions are exclusive anyway.)
 */
export async function migrate(db: Database, all: readonly Migrations[]): Promise<void> {
  const exclusive = async (tx: Statements) => {
    if (db.kind === 'postgres')
      await tx.run('SELECT pg_advisory_xact_lock(?, ?)', [apiLockNamespace, apiLockKeys.migrations])
  }
  await db.transaction(async (tx) => {
    await exclusive(tx)
    await tx.run(
      'CREATE TABLE IF NOT EXISTS schema_versions (module TEXT PRIMARY KEY, version INTEGER NOT NULL)',
    )
  })
  for (const { module, steps } of all) {
    let applied = true
    while (applied)
      applied = await db.transaction(async (tx) => {
        await exclusive(tx)
        const row = await tx.get<{ version: number }>(
          'SELECT version FROM schema_versions WHERE module = ?',
          [module],
        )
        const current = row?.version ?? 0
        if (current > steps.length)
          throw new Error(
            `the database's ${module} schema is version ${current}, newer than this api service knows (${steps.length})`,
          )
        if (current === steps.length) return false
        for (const sql of steps[current] ?? []) await tx.run(sql)
        await tx.run(
          'INSERT INTO schema_versions (module, version) VALUES (?, ?) ON CONFLICT (module) DO UPDATE SET version = excluded.version',
          [module, current + 1],
        )
        return true
      })
  }
}
