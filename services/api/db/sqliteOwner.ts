import { privateSqliteFile } from '../../relay/privateFiles.js'

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
  const { default: Sqlite } = await import('libsql')
  const lockFile = `${file}.lock`
  privateSqliteFile(lockFile)
  const db = new Sqlite(lockFile)
  try {
    db.exec('PRAGMA busy_timeout = 0')
    // Exclusive locking mode keeps the lock BEGIN EXCLUSIVE takes after the transaction ends.
    db.exec('PRAGMA locking_mode = EXCLUSIVE')
    db.exec('BEGIN EXCLUSIVE')
    db.exec('COMMIT')
  } catch (error) {
    db.close()
    if (error instanceof Error && 'code' in error && error.code === 'SQLITE_BUSY')
      return { ok: false, error: new SqliteDatabaseInUseError(file) }
    throw error
  }
  return { ok: true, release: () => db.close() }
}
