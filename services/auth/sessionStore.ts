import type { Database } from '../api/db/index.js'
import { hashToken, newToken } from './secrets.js'

export type Session = {
  /** SHA-256 of the token: the only form stored. */
  hash: string
  userId: string
  deviceId: string
  projectId: string
  /** When it ends unless used again: min(last use + idle, creation + absolute). */
  expiresAt: number
  /** A re-authentication counts until then (0: none). */
  freshUntil: number
}

type Limits = { sessionIdleMs: number; sessionAbsoluteMs: number; sessionsPerUser: number }

type SessionRow = {
  token_hash: string
  user_id: string
  device_id: string
  project_id: string
  created_at: number
  last_seen_at: number
  fresh_until: number
}

/** Opaque 32-byte session tokens bound to a device; idle and absolute expiry; revocable; capped per user. */
export class SessionStore {
  constructor(
    private readonly db: Database,
    private readonly limits: Limits,
  ) {}

  #expiry(createdAt: number, lastSeenAt: number): number {
    return Math.min(lastSeenAt + this.limits.sessionIdleMs, createdAt + this.limits.sessionAbsoluteMs)
  }

  #fromRow(row: SessionRow, lastSeenAt: number): Session {
    return {
      hash: row.token_hash,
      userId: row.user_id,
      deviceId: row.device_id,
      projectId: row.project_id,
      expiresAt: this.#expiry(Number(row.created_at), lastSeenAt),
      freshUntil: Number(row.fresh_until),
    }
  }

  /**
   * A new session; beyond the user's cap the least recently used ones end. The code that logged in is a
   * fresh authentication until `freshUntil`.
   */
  async create(
    user: { userId: string; deviceId: string; projectId: string },
    now: number,
    freshUntil: number,
  ): Promise<{ token: string; expiresAt: number }> {
    const token = newToken()
    await this.db.transaction(async (tx) => {
      await tx.run('DELETE FROM auth_sessions WHERE last_seen_at <= ? OR created_at <= ?', [
        now - this.limits.sessionIdleMs,
        now - this.limits.sessionAbsoluteMs,
      ])
      await tx.run(
        `INSERT INTO auth_sessions (token_hash, user_id, device_id, project_id, created_at, last_seen_at, fresh_until)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
        [hashToken(token), user.userId, user.deviceId, user.projectId, now, now, freshUntil],
      )
      const sessions = await tx.all<{ token_hash: string }>(
        'SELECT token_hash FROM auth_sessions WHERE user_id = ? ORDER BY last_seen_at DESC, created_at DESC',
        [user.userId],
      )
      for (const { token_hash } of sessions.slice(this.limits.sessionsPerUser))
        await tx.run('DELETE FROM auth_sessions WHERE token_hash = ?', [token_hash])
    })
    return { token, expiresAt: this.#expiry(now, now) }
  }

  /** The live session of `token`; undefined when unknown, expired or revoked. */
  async find(token: string, now: number): Promise<Session | undefined> {
    const row = await this.db.get<SessionRow>('SELECT * FROM auth_sessions WHERE token_hash = ?', [
      hashToken(token),
    ])
    if (!row) return undefined
    const session = this.#fromRow(row, Number(row.last_seen_at))
    return session.expiresAt > now ? session : undefined
  }

  /** Records a use: the idle expiry starts again from `now` (never past the absolute one). */
  async touch(hash: string, now: number): Promise<void> {
    await this.db.run('UPDATE auth_sessions SET last_seen_at = ? WHERE token_hash = ?', [now, hash])
  }

  async revoke(hash: string): Promise<void> {
    await this.db.run('DELETE FROM auth_sessions WHERE token_hash = ?', [hash])
  }

  /** Ends every session of the user but `keepHash`'s: whoever opened them may no longer be the user. */
  async revokeOthers(userId: string, keepHash: string): Promise<void> {
    await this.db.run('DELETE FROM auth_sessions WHERE user_id = ? AND token_hash <> ?', [userId, keepHash])
  }

  async markFresh(hash: string, until: number): Promise<void> {
    await this.db.run('UPDATE auth_sessions SET fresh_until = ? WHERE token_hash = ?', [until, hash])
  }
}
