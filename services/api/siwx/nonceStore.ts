import { keptOnSuccess } from '../../kit/index.js'
import { type Database, sharedSecret } from '../db/index.js'
import { siwxLimits } from './limits.js'
import { openNonce, signNonce } from './signedNonce.js'

export type IssuedNonce = { nonce: string; expiresAt: number }

/** The nonces the release before signed ones issued and stored in `siwx_nonces`: 24 base62 characters. */
const storedNonceShape = /^[0-9A-Za-z]{24}$/

/**
 * Sign-in nonces: signed for their project and expiry (./signedNonce.ts), so issuing one stores nothing and
 * no client can fill a budget others need. Consuming one records it used with one INSERT on its unique
 * key, so of two sign-ins racing on one nonce exactly one wins, on either store and across processes.
 */
export class SiwxNonceStore {
  /** The secret in `siwx_secret` every api process on the database shares, read once per process. */
  readonly #key = keptOnSuccess(() => sharedSecret(this.db, 'siwx_secret', 'nonce'))

  constructor(
    private readonly db: Database,
    private readonly lifeMs: number = siwxLimits.nonceLifeMs,
  ) {}

  async issue(projectId: string, now: number): Promise<IssuedNonce> {
    const expiresAt = now + this.lifeMs
    return { nonce: signNonce(await this.#key(), projectId, expiresAt), expiresAt }
  }

  /** Marks `nonce` used; true only for the one call that found it signed for `projectId`, unused and unexpired. */
  async consume(projectId: string, nonce: string, now: number): Promise<boolean> {
    if (storedNonceShape.test(nonce)) return this.#consumeStored(projectId, nonce, now)
    // A forged, foreign or expired nonce is refused before any statement.
    const expiresAt = openNonce(await this.#key(), nonce, projectId, now)
    if (expiresAt === undefined) return false
    await this.db.run('DELETE FROM siwx_used_nonces WHERE expires_at <= ?', [now])
    const inserted = await this.db.run(
      'INSERT INTO siwx_used_nonces (nonce, expires_at) VALUES (?, ?) ON CONFLICT (nonce) DO NOTHING',
      [nonce, expiresAt],
    )
    return inserted === 1
  }

  /**
   * A nonce a process of the release before issued and stored: behind a load balancer a rolling deploy has
   * both releases answer at once for its five minutes, and a sign-in must not fail for meeting the other.
   * One conditional UPDATE, as that release consumed them; the table empties as its rows expire.
   */
  async #consumeStored(projectId: string, nonce: string, now: number): Promise<boolean> {
    await this.db.run('DELETE FROM siwx_nonces WHERE expires_at <= ?', [now])
    const changed = await this.db.run(
      'UPDATE siwx_nonces SET used_at = ? WHERE nonce = ? AND project_id = ? AND used_at IS NULL AND expires_at > ?',
      [now, nonce, projectId, now],
    )
    return changed === 1
  }
}
