import { countRows, type Database, lockedTransaction } from '../api/db/index.js'
import { clientKey } from '../kit/index.js'

/** What the Farcaster app posted to complete a channel, with the fid's custody address when known. */
export type ChannelCompletion = {
  message: string
  signature: string
  fid: string
  username: string
  displayName: string | null
  bio: string | null
  pfpUrl: string | null
  custody: string | null
}

export type Channel = {
  nonce: string
  /** The `farcaster://connect?…` URL a Farcaster app opens (a QR code or a deep link). */
  url: string
  expiresAt: number
  completion: ChannelCompletion | null
}

export type NewChannel = {
  tokenHash: string
  nonce: string
  domain: string
  siweUri: string
  url: string
  ip: string
}

type Row = {
  nonce: string
  url: string
  expires_at: number
  completed_at: number | null
  message: string | null
  signature: string | null
  fid: string | null
  username: string | null
  display_name: string | null
  bio: string | null
  pfp_url: string | null
  custody: string | null
}

const fromRow = (row: Row): Channel => ({
  nonce: row.nonce,
  url: row.url,
  expiresAt: Number(row.expires_at),
  completion:
    row.completed_at !== null && row.message && row.signature && row.fid && row.username !== null
      ? {
          message: row.message,
          signature: row.signature,
          fid: row.fid,
          username: row.username,
          displayName: row.display_name,
          bio: row.bio,
          pfpUrl: row.pfp_url,
          custody: row.custody,
        }
      : null,
})

export type ChannelStoreLimits = { channelLifeMs: number; channelsPerIp: number }

/**
 * The relay's channels, in the database so every relay process serves every channel (the app server may
 * watch on one process while the Farcaster app posts to another). Only the token's SHA-256 is kept; a
 * channel completes once (a conditional UPDATE); expired ones are swept whenever one opens.
 */
export class ChannelStore {
  constructor(
    private readonly db: Database,
    private readonly limits: ChannelStoreLimits,
  ) {}

  /**
   * Opens a channel; false when its client (its IP, an IPv6 client by its /64) already holds its cap of live
   * channels, counted and taken under one lock so simultaneous opens cannot all pass.
   */
  async open(channel: NewChannel, now: number): Promise<boolean> {
    const client = clientKey(channel.ip)
    return lockedTransaction(this.db, [`farcaster relay ip ${client}`], async (tx) => {
      await tx.run('DELETE FROM farcaster_relay_channels WHERE expires_at <= ?', [now])
      if ((await countRows(tx, 'farcaster_relay_channels', 'ip', client)) >= this.limits.channelsPerIp)
        return false
      await tx.run(
        `INSERT INTO farcaster_relay_channels (token_hash, nonce, domain, siwe_uri, url, ip, created_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          channel.tokenHash,
          channel.nonce,
          channel.domain,
          channel.siweUri,
          channel.url,
          client,
          now,
          now + this.limits.channelLifeMs,
        ],
      )
      return true
    })
  }

  /** The channel of this token hash, expired or not (the caller tells an expired channel apart). */
  async find(tokenHash: string): Promise<Channel | undefined> {
    const row = await this.db.get<Row>(
      `SELECT nonce, url, expires_at, completed_at, message, signature, fid, username, display_name, bio,
         pfp_url, custody
       FROM farcaster_relay_channels WHERE token_hash = ?`,
      [tokenHash],
    )
    return row && fromRow(row)
  }

  /** Records the Farcaster app's answer; true only for the one call that completed a live channel. */
  async complete(tokenHash: string, completion: ChannelCompletion, now: number): Promise<boolean> {
    const changed = await this.db.run(
      `UPDATE farcaster_relay_channels SET completed_at = ?, message = ?, signature = ?, fid = ?, username = ?,
         display_name = ?, bio = ?, pfp_url = ?, custody = ?
       WHERE token_hash = ? AND completed_at IS NULL AND expires_at > ?`,
      [
        now,
        completion.message,
        completion.signature,
        completion.fid,
        completion.username,
        completion.displayName,
        completion.bio,
        completion.pfpUrl,
        completion.custody,
        tokenHash,
        now,
      ],
    )
    return changed === 1
  }
}
