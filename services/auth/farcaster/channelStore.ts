import type { Database } from '../../api/db/index.js'
import type { DeviceRef } from '../attemptStore.js'

/** What the Farcaster client posts to complete a channel (its `authenticate` body, relay protocol). */
export type ChannelCompletion = {
  message: string
  signature: string
  fid: string
  username: string
  displayName: string | null
  bio: string | null
  pfpUrl: string | null
  /** The fid's custody address as the IdRegistry said when the channel completed. */
  custody: string | null
}

/** The login a channel was opened for: the frame's device and the host page it verified. */
export type ChannelLogin = { projectId: string; hostOrigin: string; device: DeviceRef }

export type Channel = {
  tokenHash: string
  nonce: string
  domain: string
  siweUri: string
  /** The `farcaster://connect?…` URL a Farcaster app opens (QR code or deep link). */
  url: string
  expiresAt: number
  login: ChannelLogin | null
  completion: ChannelCompletion | null
  used: boolean
}

export type NewChannel = {
  tokenHash: string
  nonce: string
  domain: string
  siweUri: string
  url: string
  ip: string
  login?: ChannelLogin
}

type Row = {
  token_hash: string
  nonce: string
  domain: string
  siwe_uri: string
  url: string
  project_id: string | null
  host_origin: string | null
  device_id: string | null
  signing_key: string | null
  agreement_key: string | null
  completed_at: number | null
  message: string | null
  signature: string | null
  fid: string | null
  username: string | null
  display_name: string | null
  bio: string | null
  pfp_url: string | null
  custody: string | null
  used_at: number | null
  expires_at: number
}

const fromRow = (row: Row): Channel => ({
  tokenHash: row.token_hash,
  nonce: row.nonce,
  domain: row.domain,
  siweUri: row.siwe_uri,
  url: row.url,
  expiresAt: Number(row.expires_at),
  login:
    row.project_id && row.host_origin && row.device_id && row.signing_key && row.agreement_key
      ? {
          projectId: row.project_id,
          hostOrigin: row.host_origin,
          device: { id: row.device_id, signingKey: row.signing_key, agreementKey: row.agreement_key },
        }
      : null,
  completion:
    row.completed_at !== null && row.message && row.signature && row.fid && row.username
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
  used: row.used_at !== null,
})

export type ChannelLimits = {
  farcasterChannelLifeMs: number
  farcasterChannelsPerIp: number
  farcasterChannelsPerDevice: number
}

export type ChannelOpened = { opened: true } | { opened: false; cap: 'ip' | 'device' }

/**
 * Farcaster relay channels, in the database so every auth process serves every channel (the frame may
 * poll one process while the Farcaster client posts to another). Only the token's SHA-256 is kept; a
 * channel completes once and a login uses it once (each a conditional UPDATE); expired ones are swept
 * whenever one opens.
 */
export class ChannelStore {
  constructor(
    private readonly db: Database,
    private readonly limits: ChannelLimits,
  ) {}

  /** Opens a channel, unless its IP (or its login's device) already has its cap of live channels. */
  async open(channel: NewChannel, now: number): Promise<ChannelOpened> {
    return this.db.transaction(async (tx) => {
      await tx.run('DELETE FROM auth_farcaster_channels WHERE expires_at <= ?', [now])
      const live = async (column: 'ip' | 'device_id', value: string) =>
        Number(
          (
            await tx.get<{ n: number }>(
              `SELECT COUNT(*) AS n FROM auth_farcaster_channels WHERE ${column} = ?`,
              [value],
            )
          )?.n ?? 0,
        )
      if ((await live('ip', channel.ip)) >= this.limits.farcasterChannelsPerIp)
        return { opened: false, cap: 'ip' } as const
      const login = channel.login
      if (login && (await live('device_id', login.device.id)) >= this.limits.farcasterChannelsPerDevice)
        return { opened: false, cap: 'device' } as const
      await tx.run(
        `INSERT INTO auth_farcaster_channels (token_hash, nonce, domain, siwe_uri, url, ip, project_id, host_origin,
           device_id, signing_key, agreement_key, created_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          channel.tokenHash,
          channel.nonce,
          channel.domain,
          channel.siweUri,
          channel.url,
          channel.ip,
          login?.projectId ?? null,
          login?.hostOrigin ?? null,
          login?.device.id ?? null,
          login?.device.signingKey ?? null,
          login?.device.agreementKey ?? null,
          now,
          now + this.limits.farcasterChannelLifeMs,
        ],
      )
      return { opened: true } as const
    })
  }

  /** The channel of this token hash, expired or not (the caller tells an expired channel apart). */
  async find(tokenHash: string): Promise<Channel | undefined> {
    const row = await this.db.get<Row>('SELECT * FROM auth_farcaster_channels WHERE token_hash = ?', [
      tokenHash,
    ])
    return row && fromRow(row)
  }

  /** Records the Farcaster client's answer; true only for the one call that completed a live channel. */
  async complete(tokenHash: string, completion: ChannelCompletion, now: number): Promise<boolean> {
    const changed = await this.db.run(
      `UPDATE auth_farcaster_channels SET completed_at = ?, message = ?, signature = ?, fid = ?, username = ?,
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

  /** Uses a completed login channel up; true only for the one call that did it. */
  async use(tokenHash: string, now: number): Promise<boolean> {
    const changed = await this.db.run(
      `UPDATE auth_farcaster_channels SET used_at = ?
       WHERE token_hash = ? AND used_at IS NULL AND completed_at IS NOT NULL AND expires_at > ?`,
      [now, tokenHash, now],
    )
    return changed === 1
  }
}
