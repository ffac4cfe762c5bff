import type { Database } from './database.js'

/** One module's schema history: step i (from 0) brings the module to version i + 1. */
export type Migrations = { module: string; steps: readonly (readonly string[])[] }

/**
 * Brings each module's tables to its newest version, each step in its own transaction, recording the
 * version per module so modules (projects, indexer, analytics, …) evolve independently. A database
 * newer than this code is refused rather than written to.
 */
export async function migrate(db: Database, all: readonly Migrations[]): Promise<void> {
  await db.run(
    'CREATE TABLE IF NOT EXISTS schema_versions (module TEXT PRIMARY KEY, version INTEGER NOT NULL)',
  )
  for (const { module, steps } of all) {
    const row = await db.get<{ version: number }>('SELECT version FROM schema_versions WHERE module = ?', [
      module,
    ])
    const current = row?.version ?? 0
    if (current > steps.length)
      throw new Error(
        `the database's ${module} schema is version ${current}, newer than this api service knows (${steps.length})`,
      )
    for (let version = current + 1; version <= steps.length; version++) {
      await db.transaction(async (tx) => {
        for (const sql of steps[version - 1] ?? []) await tx.run(sql)
        await tx.run(
          'INSERT INTO schema_versions (module, version) VALUES (?, ?) ON CONFLICT (module) DO UPDATE SET version = excluded.version',
          [module, version],
        )
      })
    }
  }
}
