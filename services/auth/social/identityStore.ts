import { randomUUID } from 'node:crypto'
import type { Database } from '../../api/db/index.js'
import type { SocialIdentity } from './userProfiles.js'

/** A provider's identity, or a Farcaster account's (its fid the subject, SOC-05). */
export type LoginIdentity = Omit<SocialIdentity, 'provider'> & {
  provider: SocialIdentity['provider'] | 'farcaster'
}

export type StoredIdentity = {
  userId: string
  provider: string
  /** Only a verified email; an unverified one is kept but never given out. */
  email: string | null
  name: string | null
}

type IdentityRow = { email: string | null; email_verified: number; name: string | null }

const stored = (userId: string, provider: string, row: IdentityRow): StoredIdentity => ({
  userId,
  provider,
  email: Number(row.email_verified) === 1 ? row.email : null,
  name: row.name,
})

/**
 * Social identities by (provider, subject), each with its own user. An account is never found by
 * email: two identities with one email stay two users, and an email-login user is never reached
 * through a provider's claim (that would let whoever makes a provider say an email take the account).
 */
export class IdentityStore {
  constructor(private readonly db: Database) {}

  /**
   * The user of `identity`, made now on its first login. Later logins refresh the email and its
   * verification; a name once known is kept when the provider sends none (Apple: first login only).
   */
  async resolve(identity: LoginIdentity, now: number): Promise<StoredIdentity> {
    const { provider, subject } = identity
    const verified = identity.emailVerified ? 1 : 0
    return this.db.transaction(async (tx) => {
      const refresh = () =>
        tx.run(
          `UPDATE auth_identities SET email = ?, email_verified = ?, name = COALESCE(?, name), last_login_at = ?
           WHERE provider = ? AND subject = ?`,
          [identity.email, verified, identity.name, now, provider, subject],
        )
      if ((await refresh()) !== 1) {
        const userId = randomUUID()
        await tx.run('INSERT INTO auth_users (id, email, created_at) VALUES (?, NULL, ?)', [userId, now])
        const inserted = await tx.run(
          `INSERT INTO auth_identities (provider, subject, user_id, email, email_verified, name, created_at,
             last_login_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (provider, subject) DO NOTHING`,
          [provider, subject, userId, identity.email, verified, identity.name, now, now],
        )
        // Another process made it between the two statements: its user stands, this one goes.
        if (inserted !== 1) {
          await tx.run('DELETE FROM auth_users WHERE id = ?', [userId])
          await refresh()
        }
      }
      const row = await tx.get<IdentityRow & { user_id: string }>(
        'SELECT user_id, email, email_verified, name FROM auth_identities WHERE provider = ? AND subject = ?',
        [provider, subject],
      )
      if (!row) throw new Error('the identity row vanished after its upsert')
      return stored(row.user_id, provider, row)
    })
  }

  /** The identity a social user logs in with (one per user: they are made together). */
  async ofUser(userId: string): Promise<StoredIdentity | undefined> {
    const row = await this.db.get<IdentityRow & { provider: string }>(
      'SELECT provider, email, email_verified, name FROM auth_identities WHERE user_id = ?',
      [userId],
    )
    return row && stored(userId, row.provider, row)
  }
}
