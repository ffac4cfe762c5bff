import { takeSqliteLock } from '../../relay/sqliteLock.js'

/** Another process (another api) serves the SQLite database already. */
export class SqliteDatabaseInUseError extends Error {
  readonly code = 'SQLITE_DATABASE_IN_USE'
  constructor(readonly file: string) {
    super(
      `${file} is in use by another api process: a SQLite database serves one process (its indexer and onramp deliveries run there); use PostgreSQL (--database postgres://…) to run several`,
    )
    this.name = 'SqliteDatabaseInUseError'
  }
}

export type SqliteOwnership = { ok: true; release(): void } | { ok: false; error: SqliteDatabaseInUseError }

/**
 * Claims the SQLite database `file` for this process: an exclusive SQLite lock on `<file>.lock`, held until
 * `release()`. The lock is the kernel's (POSIX record locks), so a killed api leaves none behind, and a
 * second connection in this same process is refused too. It sits on a file of its own, not on the database,
 * so the CLI's project commands and backups still open the database while the api runs.
 */
export async function claimSqliteDatabase(file: string): Promise<SqliteOwnership> {
  if (file === ':memory:' || file === '') return { ok: true, release() {} }
  const lock = await takeSqliteLock(`${file}.lock`)
  return lock
    ? { ok: true, release: () => lock.release() }
    : { ok: false, error: new SqliteDatabaseInUseError(file) }
}
