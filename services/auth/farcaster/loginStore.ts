import { countRows, type Database, lockedTransaction } from '../../api/db/index.js'
import { clientKey } from '../../kit/index.js'
import type { DeviceRef } from '../attemptStore.js'

/** The login a relay channel was opened for: the frame's device and the host page it verified. */
export type FarcasterLogin = {
  tokenHash: string
  /** The nonce this service asked the relay to put in the channel: the signed message must carry it. */
  nonce: string
  projectId: string
  hostOrigin: string
  device: DeviceRef
  expiresAt: number
  used: boolean
}

/** A login before its channel is opened: the channel token is not known yet. */
export type NewFarcasterLogin = Omit<FarcasterLogin, 'tokenHash' | 'expiresAt' | 'used'> & { ip: string }

type Row = {
  token_hash: string
  nonce: string
  project_id: string
  host_origin: string
  device_id: string
  signing_key: string
  agreement_key: string
  used_at: number | null
  expires_at: number
}

const fromRow = (row: Row): FarcasterLogin => ({
  tokenHash: row.token_hash,
  nonce: row.nonce,
  projectId: row.project_id,
  hostOrigin: row.host_origin,
  device: { id: row.device_id, signingKey: row.signing_key, agreementKey: row.agreement_key },
  expiresAt: Number(row.expires_at),
  used: row.used_at !== null,
})

export type FarcasterLoginLimits = {
  farcasterChannelLifeMs: number
  farcasterChannelsPerIp: number
  farcasterChannelsPerDevice: number
}

/**
 * A reserved login's token hash until its channel is opened: a hashToken digest is hex, so no channel
 * token's hash is ever one of these.
 */
const reservedHash = (nonce: string) => `reserved:${nonce}`

/**
 * Farcaster logins waiting for their relay channel, in the database so every auth process serves every
 * login (the frame may poll one process after another started it). Only the channel token's SHA-256 is
 * kept; a login is used once (a conditional UPDATE); expired ones are swept whenever one starts.
 */
export class FarcasterLoginStore {
  constructor(
    private readonly db: Database,
    private readonly limits: FarcasterLoginLimits,
  ) {}

  /**
   * Takes a login's place under its client's caps (its IP, an IPv6 client by its /64, and its device)
   * before its channel is opened, counted and taken in one step so simultaneous starts cannot all pass;
   * the cap it would pass instead, if any. The place is the login's row, `bind`ed to its channel token
   * once the relay opened one, or `release`d when it did not.
   */
  async reserve(login: NewFarcasterLogin, now: number): Promise<'ip' | 'device' | undefined> {
    const client = clientKey(login.ip)
    const locks = [`farcaster ip ${client}`, `farcaster device ${login.device.id}`]
    return lockedTransaction(this.db, locks, async (tx) => {
      await tx.run('DELETE FROM auth_farcaster_logins WHERE expires_at <= ?', [now])
      const live = (column: 'ip' | 'device_id', value: string) =>
        countRows(tx, 'auth_farcaster_logins', column, value)
      if ((await live('ip', client)) >= this.limits.farcasterChannelsPerIp) return 'ip'
      if ((await live('device_id', login.device.id)) >= this.limits.farcasterChannelsPerDevice)
        return 'device'
      await tx.run(
        `INSERT INTO auth_farcaster_logins (token_hash, nonce, ip, project_id, host_origin, device_id, signing_key,
           agreement_key, created_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          reservedHash(login.nonce),
          login.nonce,
          client,
          login.projectId,
          login.hostOrigin,
          login.device.id,
          login.device.signingKey,
          login.device.agreementKey,
          now,
          now + this.limits.farcasterChannelLifeMs,
        ],
      )
      return undefined
    })
  }

  /** The reserved login of `nonce` is now its channel's, by the channel token's hash. */
  async bind(nonce: string, tokenHash: string): Promise<void> {
    await this.db.run('UPDATE auth_farcaster_logins SET token_hash = ? WHERE token_hash = ?', [
      tokenHash,
      reservedHash(nonce),
    ])
  }

  /** Gives back the place of a reserved login whose channel was not opened. */
  async release(nonce: string): Promise<void> {
    await this.db.run('DELETE FROM auth_farcaster_logins WHERE token_hash = ?', [reservedHash(nonce)])
  }

  /** The login of this channel token hash, expired or not (the caller tells an expired one apart). */
  async find(tokenHash: string): Promise<FarcasterLogin | undefined> {
    const row = await this.db.get<Row>(
      `SELECT token_hash, nonce, project_id, host_origin, device_id, signing_key, agreement_key, used_at, expires_at
       FROM auth_farcaster_logins WHERE token_hash = ?`,
      [tokenHash],
    )
    return row && fromRow(row)
  }

  /** Uses a login up; true only for the one call that did it. */
  async use(tokenHash: string, now: number): Promise<boolean> {
    const changed = await this.db.run(
      `UPDATE auth_farcaster_logins SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?`,
      [now, tokenHash, now],
    )
    return changed === 1
  }
}
