import { afterAll, describe, expect, it } from 'vitest'
import { type Database, type Migrations, migrate, openDatabase } from '../../../../services/api/db/index.js'
import { indexerMigrations } from '../../../../services/api/indexer/index.js'
import { onrampMigrations } from '../../../../services/api/onramp/index.js'
import { projectMigrations } from '../../../../services/api/projects/index.js'
import { postgresDatabases } from '../support/databases.js'

const newDatabase = postgresDatabases()

/**
 * Steps that would fail if run twice (CREATE TABLE without IF NOT EXISTS) and record each run; the first
 * one sleeps so that every process is migrating at once.
 */
const counted: Migrations = {
  module: 'counted',
  steps: [
    [
      'SELECT pg_sleep(0.3)',
      'CREATE TABLE counted_runs (step INTEGER NOT NULL)',
      'INSERT INTO counted_runs VALUES (1)',
    ],
    ['CREATE TABLE counted_more (id INTEGER)', 'INSERT INTO counted_runs VALUES (2)'],
  ],
}

describe('migrations on PostgreSQL', () => {
  const opened: Database[] = []
  afterAll(async () => {
    for (const db of opened) await db.close()
  })

  it('three api processes migrating one fresh database together: one runs each step, the others wait and find them applied', async () => {
    const url = await newDatabase()
    // A pool each, as three processes have: their sessions are distinct.
    const processes = await Promise.all([1, 2, 3].map(() => openDatabase(url)))
    opened.push(...processes)
    const all = [projectMigrations, onrampMigrations, indexerMigrations, counted]
    await Promise.all(processes.map((db) => migrate(db, all)))

    const [db] = processes as [Database, ...Database[]]
    expect(await db.all('SELECT step FROM counted_runs ORDER BY step')).toEqual([{ step: 1 }, { step: 2 }])
    const versions = await db.all<{ module: string; version: number }>(
      'SELECT module, version FROM schema_versions ORDER BY module',
    )
    expect(versions).toEqual(
      all
        .map(({ module, steps }) => ({ module, version: steps.length }))
        .sort((a, b) => a.module.localeCompare(b.module)),
    )
    // Started again, each finds nothing left to do.
    await Promise.all(processes.map((each) => migrate(each, all)))
    expect(await db.all('SELECT step FROM counted_runs ORDER BY step')).toEqual([{ step: 1 }, { step: 2 }])
  })
})
