import { randomBytes } from 'node:crypto'
import type { Database } from '../../api/db/index.js'
import { authErrors } from '../errors.js'
import { hashToken, newToken } from '../secrets.js'
import { type Channel, type ChannelLimits, type ChannelLogin, ChannelStore } from './channelStore.js'
import type { FarcasterConfig } from './farcasterConfig.js'
import type { CreateChannelBody } from './relaySchemas.js'
import { SignInVerifier } from './signInVerifier.js'

export type OpenedChannel = { channelToken: string; url: string; nonce: string }

/** The deep link a Farcaster app opens (as a QR code or a link) to approve the channel's sign-in. */
function connectUrl(channelToken: string, request: CreateChannelBody & { nonce: string }): string {
  const query = new URLSearchParams({
    channelToken,
    nonce: request.nonce,
    siweUri: request.siweUri,
    domain: request.domain,
  })
  for (const name of ['notBefore', 'expirationTime', 'requestId', 'redirectUrl'] as const) {
    const value = request[name]
    if (value !== undefined) query.set(name, value)
  }
  return `farcaster://connect?${query}`
}

/**
 * Sign In With Farcaster for one auth service: its relay channels, and the verifier of what a Farcaster
 * app signed. Present only when configured (no relay, no Farcaster button).
 */
export class FarcasterSignIn {
  readonly channels: ChannelStore
  readonly verifier: SignInVerifier

  constructor(
    readonly config: FarcasterConfig,
    db: Database,
    private readonly limits: ChannelLimits,
  ) {
    this.channels = new ChannelStore(db, limits)
    this.verifier = new SignInVerifier(config.optimismRpcUrl)
  }

  /**
   * A new channel (a fresh 128-bit nonce unless the caller brings one) for `ip`, bound to a login when
   * `login` is given; a 429 when its IP or device already has its cap of live channels.
   */
  async open(
    request: CreateChannelBody,
    ip: string,
    now: number,
    login?: ChannelLogin,
  ): Promise<OpenedChannel> {
    const channelToken = newToken()
    const nonce = request.nonce ?? randomBytes(16).toString('hex')
    const url = connectUrl(channelToken, { ...request, nonce })
    const opened = await this.channels.open(
      {
        tokenHash: hashToken(channelToken),
        nonce,
        domain: request.domain,
        siweUri: request.siweUri,
        url,
        ip,
        ...(login ? { login } : {}),
      },
      now,
    )
    if (!opened.opened) throw authErrors.tryAgainAfter(this.limits.farcasterChannelLifeMs)
    return { channelToken, url, nonce }
  }

  /** The live channel of a token: 401 when unknown, CHANNEL_EXPIRED once its time is up. */
  async live(channelToken: string, now: number): Promise<Channel> {
    const channel = await this.channels.find(hashToken(channelToken))
    if (!channel) throw authErrors.channelInvalid()
    if (channel.expiresAt <= now) throw authErrors.channelExpired()
    return channel
  }
}
