import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll } from 'vitest'
import { type Database, openDatabase } from '../../../../services/api/db/index.js'
import { type PostgresServer, startPostgresServer } from './postgresServer.js'

export type TestDatabase = {
  name: 'sqlite' | 'postgres'
  open(): Promise<Database>
  /**
   * A fresh empty database as two api processes behind a load balancer reach it: two connections to one
   * PostgreSQL database. A SQLite database serves one process (services/api/db/sqliteOwner.ts), so there
   * both are its one connection.
   */
  openShared(): Promise<readonly [Database, Database]>
}

/**
 * Both stores of the api service, for `describe.each(eachDatabase())`: each `open()` gives a fresh empty
 * database (a new SQLite file; a new database in one throwaway PostgreSQL cluster started on first use).
 * Call it at the top level of a test file: it registers the clean-up for everything it opened.
 */
export function eachDatabase(): TestDatabase[] {
  const opened: Database[] = []
  const folders: string[] = []
  const postgresUrl = postgresDatabases()
  afterAll(async () => {
    for (const db of opened) await db.close().catch(() => undefined)
    for (const dir of folders) rmSync(dir, { recursive: true, force: true })
  })
  const keep = async (location: string) => {
    const db = await openDatabase(location)
    opened.push(db)
    return db
  }
  const sqliteFile = () => {
    const dir = mkdtempSync(join(tmpdir(), 'pairwise-api-'))
    folders.push(dir)
    return join(dir, 'api.sqlite')
  }
  return [
    {
      name: 'sqlite',
      async open() {
        return keep(sqliteFile())
      },
      async openShared() {
        const db = await keep(sqliteFile())
        return [db, db]
      },
    },
    {
      name: 'postgres',
      async open() {
        return keep(await postgresUrl())
      },
      async openShared() {
        const url = await postgresUrl()
        return [await keep(url), await keep(url)]
      },
    },
  ]
}

/**
 * Fresh empty PostgreSQL databases by URL, for what several connections or processes share: each call
 * creates one in a throwaway cluster started on first use. Call it at the top level of a test file: it
 * registers the cluster's stop (after the file's own `afterAll`s, which close what uses it).
 */
export function postgresDatabases(): () => Promise<string> {
  let server: Promise<PostgresServer> | undefined
  let count = 0
  afterAll(async () => {
    await (await server?.catch(() => undefined))?.stop()
  })
  return async () => {
    server ??= startPostgresServer()
    const { url } = await server
    const name = `test_${process.pid}_${++count}`
    const admin = await openDatabase(url)
    await admin.run(`CREATE DATABASE ${name}`)
    await admin.close()
    return url.replace(/\/postgres$/, `/${name}`)
  }
}
