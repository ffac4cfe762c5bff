import { type Database, lockedTransaction } from '../api/db/index.js'
import { authErrors } from './errors.js'

type Limits = { failuresBeforeLockout: number; failureWindowMs: number; lockoutMs: number }

/**
 * Temporary lockout (never permanent, ASVS 6.1.1/6.3.1): `failuresBeforeLockout` wrong codes for one
 * email within `failureWindowMs` pause code checks and new mails for it for `lockoutMs`; the count then
 * starts afresh.
 */
export class Lockout {
  constructor(
    private readonly db: Database,
    private readonly limits: Limits,
  ) {}

  /** Throws 423 while `email` is locked. */
  async check(email: string, now: number): Promise<void> {
    const row = await this.db.get<{ until: number }>(
      'SELECT until FROM auth_locks WHERE email = ? AND until > ?',
      [email, now],
    )
    if (row) throw authErrors.locked(Number(row.until) - now)
  }

  /**
   * Counts one wrong code for `email`; true when this one locked it. Counted one at a time per email, so
   * simultaneous wrong codes neither miss the lock nor take it twice.
   */
  async fail(email: string, now: number): Promise<boolean> {
    return lockedTransaction(this.db, [`lockout email ${email}`], async (tx) => {
      await tx.run('DELETE FROM auth_failures WHERE at <= ?', [now - this.limits.failureWindowMs])
      await tx.run('DELETE FROM auth_locks WHERE until <= ?', [now])
      await tx.run('INSERT INTO auth_failures (email, at) VALUES (?, ?)', [email, now])
      const row = await tx.get<{ count: number }>(
        'SELECT COUNT(*) AS count FROM auth_failures WHERE email = ?',
        [email],
      )
      if (Number(row?.count ?? 0) < this.limits.failuresBeforeLockout) return false
      await tx.run('DELETE FROM auth_failures WHERE email = ?', [email])
      await tx.run(
        'INSERT INTO auth_locks (email, until) VALUES (?, ?) ON CONFLICT (email) DO UPDATE SET until = excluded.until',
        [email, now + this.limits.lockoutMs],
      )
      return true
    })
  }
}
