import { type Database, lockedTransaction } from '../api/db/index.js'
import { clientKey } from '../kit/index.js'
import { authErrors } from './errors.js'
import type { SendCap } from './limits.js'

type Limits = {
  recoveryGuessesBeforeLockout: number
  recoveryFailureWindowMs: number
  recoveryLockoutMs: number
  recoveryLockoutMaxMs: number
  recoveryEvaluationsPerIp: readonly SendCap[]
}

/** What one guess did: `pausedMs` is set when it was the one that paused the user's recovery. */
export type Guess = { pausedMs?: number }

/**
 * The online throttle of passphrase guesses (each recovery OPRF evaluation is one). Per user: every
 * evaluation counts as a failure until the right passphrase is proven (`proven`), so a client that never
 * proves anything is counted all the same; `recoveryGuessesBeforeLockout` of them within the window
 * pause evaluations, each pause twice the last (never permanent, ASVS 6.3.1), until a proof resets it.
 * Per client (its IP, an IPv6 client by its /64): caps on evaluations whatever the users. Guesses of one
 * user, and of one client, are taken one at a time, so no burst of them overruns a count.
 */
export class RecoveryGuard {
  readonly #keepMs: number

  constructor(
    private readonly db: Database,
    private readonly limits: Limits,
  ) {
    this.#keepMs = Math.max(0, ...limits.recoveryEvaluationsPerIp.map((cap) => cap.windowMs))
  }

  /** Takes one guess for `userId` from `ip`: 423 while the user is paused, 429 past an IP cap. */
  async take(userId: string, ip: string, now: number): Promise<Guess> {
    const client = clientKey(ip)
    return lockedTransaction(this.db, [`recovery user ${userId}`, `recovery ip ${client}`], async (tx) => {
      const lock = await tx.get<{ until: number; level: number }>(
        'SELECT until, level FROM auth_recovery_locks WHERE user_id = ?',
        [userId],
      )
      if (lock && Number(lock.until) > now) throw authErrors.recoveryLocked(Number(lock.until) - now)
      for (const cap of this.limits.recoveryEvaluationsPerIp) {
        // The cap-th most recent evaluation in the window: once it leaves the window, one more fits.
        const row = await tx.get<{ at: number }>(
          'SELECT at FROM auth_recovery_evaluations WHERE ip = ? AND at > ? ORDER BY at DESC LIMIT 1 OFFSET ?',
          [client, now - cap.windowMs, cap.max - 1],
        )
        if (row) throw authErrors.tryAgainAfter(Number(row.at) + cap.windowMs - now)
      }
      await tx.run('DELETE FROM auth_recovery_evaluations WHERE at <= ?', [now - this.#keepMs])
      await tx.run('DELETE FROM auth_recovery_failures WHERE at <= ?', [
        now - this.limits.recoveryFailureWindowMs,
      ])
      await tx.run('INSERT INTO auth_recovery_evaluations (ip, at) VALUES (?, ?)', [client, now])
      await tx.run('INSERT INTO auth_recovery_failures (user_id, at) VALUES (?, ?)', [userId, now])
      const counted = await tx.get<{ count: number }>(
        'SELECT COUNT(*) AS count FROM auth_recovery_failures WHERE user_id = ?',
        [userId],
      )
      if (Number(counted?.count ?? 0) < this.limits.recoveryGuessesBeforeLockout) return {}
      const level = Number(lock?.level ?? 0) + 1
      const pausedMs = Math.min(
        this.limits.recoveryLockoutMs * 2 ** (level - 1),
        this.limits.recoveryLockoutMaxMs,
      )
      await tx.run('DELETE FROM auth_recovery_failures WHERE user_id = ?', [userId])
      await tx.run(
        `INSERT INTO auth_recovery_locks (user_id, until, level) VALUES (?, ?, ?)
         ON CONFLICT (user_id) DO UPDATE SET until = excluded.until, level = excluded.level`,
        [userId, now + pausedMs, level],
      )
      return { pausedMs }
    })
  }

  /** The right passphrase was proven (or just set): the count and the pause level start afresh. */
  async proven(userId: string): Promise<void> {
    await this.db.run('DELETE FROM auth_recovery_failures WHERE user_id = ?', [userId])
    await this.db.run('DELETE FROM auth_recovery_locks WHERE user_id = ?', [userId])
  }
}
