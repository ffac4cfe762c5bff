import type { Database } from '../db/index.js'
import { siwxLimits } from './limits.js'
import { newNonce } from './randomIds.js'

export type IssuedNonce = { nonce: string; expiresAt: number }

/**
 * Server-issued sign-in nonces: stored with their project, single use, short-lived. Consuming one is a
 * single conditional UPDATE, so of two sign-ins racing on one nonce exactly one wins on either store.
 */
export class SiwxNonceStore {
  constructor(
    private readonly db: Database,
    private readonly limits: { lifeMs: number; maxOutstanding: number; heldPerClient: number } = {
      lifeMs: siwxLimits.nonceLifeMs,
      maxOutstanding: siwxLimits.maxOutstandingNonces,
      heldPerClient: siwxLimits.noncesHeldPerClient,
    },
  ) {}

  /**
   * A fresh nonce for `projectId`, asked for by `clientKey` (its `clientBudgetKey`), or undefined while
   * the project has its cap of outstanding ones. A client past its own share loses its oldest unused
   * nonce rather than being refused: a real user retrying never locks itself out, and a flood from one
   * client never holds more than its share of the project's cap.
   */
  async issue(projectId: string, clientKey: string, now: number): Promise<IssuedNonce | undefined> {
    await this.db.run('DELETE FROM siwx_nonces WHERE expires_at <= ?', [now])
    // Two racing requests of one client may each keep a place; the client's next nonce trims it again.
    await this.db.run(
      `DELETE FROM siwx_nonces WHERE client_key = ? AND used_at IS NULL AND nonce NOT IN (
         SELECT nonce FROM siwx_nonces WHERE client_key = ? AND used_at IS NULL
         ORDER BY created_at DESC, nonce DESC LIMIT ?)`,
      [clientKey, clientKey, Math.max(0, this.limits.heldPerClient - 1)],
    )
    const nonce = newNonce()
    const expiresAt = now + this.limits.lifeMs
    // The count and the insert are one statement, so the cap holds without a read-then-write gap.
    const inserted = await this.db.run(
      `INSERT INTO siwx_nonces (nonce, project_id, client_key, created_at, expires_at, used_at)
       SELECT ?, ?, ?, ?, ?, NULL
       WHERE (SELECT COUNT(*) FROM siwx_nonces WHERE project_id = ? AND used_at IS NULL AND expires_at > ?) < ?`,
      [nonce, projectId, clientKey, now, expiresAt, projectId, now, this.limits.maxOutstanding],
    )
    return inserted === 1 ? { nonce, expiresAt } : undefined
  }

  /** When the project's oldest outstanding nonce expires, freeing a place (for Retry-After). */
  async nextFreedAt(projectId: string, now: number): Promise<number> {
    const row = await this.db.get<{ at: number | null }>(
      'SELECT MIN(expires_at) AS at FROM siwx_nonces WHERE project_id = ? AND used_at IS NULL AND expires_at > ?',
      [projectId, now],
    )
    return Number(row?.at ?? now)
  }

  /** Marks `nonce` used; true only for the one call that found it issued to `projectId`, unused and unexpired. */
  async consume(projectId: string, nonce: string, now: number): Promise<boolean> {
    const changed = await this.db.run(
      'UPDATE siwx_nonces SET used_at = ? WHERE nonce = ? AND project_id = ? AND used_at IS NULL AND expires_at > ?',
      [now, nonce, projectId, now],
    )
    return changed === 1
  }
}
