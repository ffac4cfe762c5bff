import { createHash } from 'node:crypto'
import { keyLockNamespace } from './advisoryLocks.js'
import type { Database } from './database.js'

/** The statements of one transaction (what `Database.transaction` hands its work). */
export type Transaction = Omit<Database, 'transaction' | 'close'>

// 32 bits of the key's SHA-256: the same in every process; two keys that collide only wait for each other.
const lockKeyOf = (key: string) => createHash('sha256').update(key).digest().readInt32BE(0)

/**
 * Runs `work` in one transaction that no other transaction naming any of `keys` overlaps, so a cap counted
 * and then taken within it holds under concurrency. PostgreSQL's transactions (READ COMMITTED) do not see
 * each other's uncommitted rows: each first takes a transaction-scoped advisory lock per key, in ascending
 * order so two transactions sharing keys never wait on each other in a cycle. SQLite's transactions
 * (BEGIN IMMEDIATE on one connection) run one at a time already.
 */
export function lockedTransaction<T>(
  db: Database,
  keys: readonly string[],
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    if (tx.kind === 'postgres')
      for (const key of [...new Set(keys.map(lockKeyOf))].sort((a, b) => a - b))
        await tx.run('SELECT pg_advisory_xact_lock(?, ?)', [keyLockNamespace, key])
    return work(tx)
  })
}
