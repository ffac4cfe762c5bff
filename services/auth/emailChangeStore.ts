import type { Database } from '../api/db/index.js'
import { newId } from './secrets.js'

export type EmailChange = {
  id: string
  userId: string
  newEmail: string
  primaryAttempt: string | null
  secondaryAttempt: string | null
}

type ChangeRow = {
  id: string
  user_id: string
  new_email: string
  primary_attempt: string | null
  secondary_attempt: string | null
}

/** Email-change requests: the new address and the two code attempts bound to one change id. */
export class EmailChangeStore {
  constructor(
    private readonly db: Database,
    private readonly lifeMs: number,
  ) {}

  /** A new request; the user's earlier ones end (and expired ones go). */
  async create(userId: string, newEmail: string, primaryAttempt: string, now: number): Promise<string> {
    const id = newId()
    await this.db.transaction(async (tx) => {
      await tx.run('DELETE FROM auth_email_changes WHERE expires_at <= ? OR user_id = ?', [now, userId])
      await tx.run(
        `INSERT INTO auth_email_changes (id, user_id, new_email, primary_attempt, secondary_attempt, created_at, expires_at)
         VALUES (?, ?, ?, ?, NULL, ?, ?)`,
        [id, userId, newEmail, primaryAttempt, now, now + this.lifeMs],
      )
    })
    return id
  }

  /** The user's live request `id`. */
  async find(id: string, userId: string, now: number): Promise<EmailChange | undefined> {
    const row = await this.db.get<ChangeRow>(
      'SELECT * FROM auth_email_changes WHERE id = ? AND user_id = ? AND expires_at > ?',
      [id, userId, now],
    )
    return (
      row && {
        id: row.id,
        userId: row.user_id,
        newEmail: row.new_email,
        primaryAttempt: row.primary_attempt,
        secondaryAttempt: row.secondary_attempt,
      }
    )
  }

  /** The primary code passed: the secondary attempt takes over (the primary one cannot be used twice). */
  async advance(id: string, secondaryAttempt: string): Promise<void> {
    await this.db.run(
      'UPDATE auth_email_changes SET primary_attempt = NULL, secondary_attempt = ? WHERE id = ?',
      [secondaryAttempt, id],
    )
  }

  async remove(id: string): Promise<void> {
    await this.db.run('DELETE FROM auth_email_changes WHERE id = ?', [id])
  }
}
