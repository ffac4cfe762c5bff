import { countRows, type Database, lockedTransaction } from '../../api/db/index.js'
import { clientKey } from '../../kit/index.js'
import type { DeviceRef } from '../attemptStore.js'
import { newId } from '../secrets.js'
import type { SocialProviderName } from './providerConfig.js'

export type SocialAttempt = {
  id: string
  provider: SocialProviderName
  projectId: string
  hostOrigin: string
  /** Redirect mode: the host page the callback returns to; null for a popup. */
  returnPath: string | null
  device: DeviceRef
  /** The client's IP; stored, and read back, as the key its cap counts (an IPv6 client by its /64). */
  ip: string
  nonce: string
  codeVerifier: string
  /** Set by the callback: the user the ticket logs in. */
  userId: string | null
}

export type NewSocialAttempt = Omit<SocialAttempt, 'id' | 'userId'> & { stateHash: string }

type Row = {
  id: string
  provider: string
  project_id: string
  host_origin: string
  return_path: string | null
  device_id: string
  signing_key: string
  agreement_key: string
  ip: string
  nonce: string
  code_verifier: string
  user_id: string | null
}

const fromRow = (row: Row): SocialAttempt => ({
  id: row.id,
  provider: row.provider as SocialProviderName,
  projectId: row.project_id,
  hostOrigin: row.host_origin,
  returnPath: row.return_path,
  device: { id: row.device_id, signingKey: row.signing_key, agreementKey: row.agreement_key },
  ip: row.ip,
  nonce: row.nonce,
  codeVerifier: row.code_verifier,
  userId: row.user_id,
})

export type SocialAttemptLimits = {
  socialAttemptLifeMs: number
  socialTicketLifeMs: number
  socialPendingPerDevice: number
  socialPendingPerIp: number
}

/**
 * Social logins in flight, in the database so any auth process may take the callback or the ticket. A
 * state is taken by exactly one callback, a ticket by exactly one redemption (each a conditional UPDATE);
 * only hashes of the state and ticket are stored.
 */
export class SocialAttempts {
  constructor(
    private readonly db: Database,
    private readonly limits: SocialAttemptLimits,
  ) {}

  /**
   * A new attempt, or undefined when its device or client (its IP, an IPv6 client by its /64) already
   * has its cap of attempts (so no client can fill the table). Every attempt counts until it expires,
   * its callback taken or not: a failed callback leaves its row as long as a waiting one.
   */
  async create(attempt: NewSocialAttempt, now: number): Promise<string | undefined> {
    const id = newId()
    const client = clientKey(attempt.ip)
    const locks = [`social device ${attempt.device.id}`, `social ip ${client}`]
    return lockedTransaction(this.db, locks, async (tx) => {
      await tx.run('DELETE FROM auth_social_attempts WHERE expires_at <= ?', [now])
      const held = (column: 'device_id' | 'ip', value: string) =>
        countRows(tx, 'auth_social_attempts', column, value)
      if ((await held('device_id', attempt.device.id)) >= this.limits.socialPendingPerDevice) return undefined
      if ((await held('ip', client)) >= this.limits.socialPendingPerIp) return undefined
      await tx.run(
        `INSERT INTO auth_social_attempts (id, state_hash, provider, project_id, host_origin, return_path,
           device_id, signing_key, agreement_key, ip, nonce, code_verifier, created_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          id,
          attempt.stateHash,
          attempt.provider,
          attempt.projectId,
          attempt.hostOrigin,
          attempt.returnPath,
          attempt.device.id,
          attempt.device.signingKey,
          attempt.device.agreementKey,
          client,
          attempt.nonce,
          attempt.codeVerifier,
          now,
          now + this.limits.socialAttemptLifeMs,
        ],
      )
      return id
    })
  }

  /** The attempt of this state, taken for its one callback; undefined when unknown, expired or taken. */
  async takeState(stateHash: string, now: number): Promise<SocialAttempt | undefined> {
    const changed = await this.db.run(
      `UPDATE auth_social_attempts SET callback_at = ?
       WHERE state_hash = ? AND callback_at IS NULL AND expires_at > ?`,
      [now, stateHash, now],
    )
    if (changed !== 1) return undefined
    const row = await this.db.get<Row>('SELECT * FROM auth_social_attempts WHERE state_hash = ?', [stateHash])
    return row && fromRow(row)
  }

  /** After the provider answered: the ticket (by its hash) that logs `userId` in, for `socialTicketLifeMs`. */
  async issueTicket(id: string, ticketHash: string, userId: string, now: number): Promise<void> {
    await this.db.run(
      `UPDATE auth_social_attempts SET ticket_hash = ?, ticket_expires_at = ?, user_id = ?, expires_at = ?
       WHERE id = ?`,
      [ticketHash, now + this.limits.socialTicketLifeMs, userId, now + this.limits.socialTicketLifeMs, id],
    )
  }

  /** The attempt of a live, unredeemed ticket. */
  async byTicket(ticketHash: string, now: number): Promise<SocialAttempt | undefined> {
    const row = await this.db.get<Row>(
      `SELECT * FROM auth_social_attempts
       WHERE ticket_hash = ? AND redeemed_at IS NULL AND ticket_expires_at > ?`,
      [ticketHash, now],
    )
    return row && fromRow(row)
  }

  /** Uses the ticket up; true only for the one call that did it. */
  async redeem(id: string, now: number): Promise<boolean> {
    const changed = await this.db.run(
      `UPDATE auth_social_attempts SET redeemed_at = ?
       WHERE id = ? AND redeemed_at IS NULL AND ticket_expires_at > ?`,
      [now, id, now],
    )
    return changed === 1
  }
}
