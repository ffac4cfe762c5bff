import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { claimSqliteDatabase, SqliteDatabaseInUseError } from '../../../../services/api/db/sqliteOwner.js'
import { startApi } from '../../../../services/api/index.js'
import { runCli, useBundledCli } from '../../../support/cli.js'

const silent = { debug() {}, info() {}, warn() {}, error() {} }

describe('one api process per SQLite database', () => {
  const bundled = useBundledCli('sqlite-owner')
  const { dir } = bundled

  it('a second claim is refused until the first is released', async () => {
    const file = join(dir, 'claims.sqlite')
    const first = await claimSqliteDatabase(file)
    expect(first.ok).toBe(true)
    const second = await claimSqliteDatabase(file)
    expect(second.ok).toBe(false)
    if (!second.ok) {
      expect(second.error).toBeInstanceOf(SqliteDatabaseInUseError)
      expect(second.error.message).toMatch(/in use by another api process.*use PostgreSQL/)
    }
    if (first.ok) first.release()
    const third = await claimSqliteDatabase(file)
    expect(third.ok).toBe(true)
    if (third.ok) third.release()
  })

  it('startApi refuses a second api on the same file; in-memory databases are each their own', async () => {
    const database = join(dir, 'api.sqlite')
    const api = await startApi({ port: 0, database, logger: silent })
    try {
      await expect(startApi({ port: 0, database, logger: silent })).rejects.toThrow(SqliteDatabaseInUseError)
      expect((await fetch(`${api.url}/health`)).status).toBe(200)
    } finally {
      await api.close()
    }
    const again = await startApi({ port: 0, database, logger: silent })
    await again.close()
    const memories = [
      await startApi({ port: 0, database: ':memory:', logger: silent }),
      await startApi({ port: 0, database: ':memory:', logger: silent }),
    ]
    for (const each of memories) await each.close()
  })

  it('`pairwise api` on a file another process serves exits with the reason; a killed holder leaves no lock behind', async () => {
    const database = join(dir, 'cli.sqlite')
    const holder = runCli(bundled.cli, ['api', '--port', '0', '--database', database])
    try {
      await holder.waitFor(/api {2}http/, 60_000)
      const second = runCli(bundled.cli, ['api', '--port', '0', '--database', database])
      expect(await second.exited).toBe(1)
      expect(second.output()).toMatch(/pairwise api: .*cli\.sqlite is in use by another api process/)
      await expect(startApi({ port: 0, database, logger: silent })).rejects.toThrow(SqliteDatabaseInUseError)
    } finally {
      holder.child.kill('SIGKILL')
      await holder.exited
    }
    // The kernel dropped the dead process's lock with it.
    const after = await startApi({ port: 0, database, logger: silent })
    await after.close()
    // Two CLI starts, the first waited on for up to 60 s: a busy machine takes long to load the api's modules.
  }, 120_000)
})
