import { privateSqliteFile } from './privateFiles.js'

/** A held lock file; `release()` lets the next process take it. */
export type HeldLock = { release(): void }

/**
 * Takes an exclusive SQLite lock on `lockFile` for this process, or answers undefined while another
 * process (or another connection in this one) holds it. The lock is the kernel's (POSIX record locks), so
 * a killed process leaves none behind. Exclusive locking mode keeps the lock BEGIN EXCLUSIVE takes after
 * the transaction ends, until the connection closes.
 */
export async function takeSqliteLock(lockFile: string): Promise<HeldLock | undefined> {
  const { default: Sqlite } = await import('libsql')
  privateSqliteFile(lockFile)
  const db = new Sqlite(lockFile)
  try {
    db.exec('PRAGMA busy_timeout = 0')
    db.exec('PRAGMA locking_mode = EXCLUSIVE')
    db.exec('BEGIN EXCLUSIVE')
    db.exec('COMMIT')
  } catch (error) {
    db.close()
    if (error instanceof Error && 'code' in error && error.code === 'SQLITE_BUSY') return undefined
    throw error
  }
  return { release: () => db.close() }
}
