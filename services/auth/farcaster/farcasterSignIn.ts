import { randomBytes } from 'node:crypto'
import type { Database } from '../../api/db/index.js'
import type { ApiLogger } from '../../api/http/types.js'
import type { DeviceRef } from '../attemptStore.js'
import { authErrors } from '../errors.js'
import { hashToken } from '../secrets.js'
import type { FarcasterConfig } from './farcasterConfig.js'
import { type FarcasterLogin, type FarcasterLoginLimits, FarcasterLoginStore } from './loginStore.js'
import { RelayClient } from './relayClient.js'
import type { RelayStatus } from './relayStatus.js'
import { SignInVerifier } from './signInVerifier.js'

export type OpenedChannel = { channelToken: string; url: string; nonce: string }

/** Who starts a login: the verified project and host page, the signing device and the client's IP. */
export type LoginRequest = { projectId: string; hostOrigin: string; device: DeviceRef; ip: string }

/**
 * Sign In With Farcaster for one auth service: its logins, each on a channel of the configured relay, and
 * the verifier of what a Farcaster app signed. Present only when configured (no relay, no Farcaster login).
 */
export class FarcasterSignIn {
  readonly logins: FarcasterLoginStore
  readonly verifier: SignInVerifier
  private readonly relay: RelayClient

  constructor(
    readonly config: FarcasterConfig,
    db: Database,
    private readonly limits: FarcasterLoginLimits & { farcasterRelayMaxBytes: number },
    logger: ApiLogger,
  ) {
    this.logins = new FarcasterLoginStore(db, limits)
    this.verifier = new SignInVerifier(config.optimismRpcUrl)
    this.relay = new RelayClient(
      config.relayUrl,
      config.relayTimeoutMs,
      (event, fields) => logger.warn(event, fields),
      limits.farcasterRelayMaxBytes,
    )
  }

  /**
   * A relay channel for this login, with a fresh 128-bit nonce of this service's own (the relay is told
   * it, not asked for one); a 429 when the client's IP or device already has its cap of live logins,
   * the login's place taken before the relay is called.
   */
  async open(request: LoginRequest, now: number): Promise<OpenedChannel> {
    const nonce = randomBytes(16).toString('hex')
    if (await this.logins.reserve({ nonce, ...request }, now))
      throw authErrors.tryAgainAfter(this.limits.farcasterChannelLifeMs)
    try {
      const { domain, siweUri } = this.config
      const opened = await this.relay.open({ domain, siweUri, nonce })
      if (opened.nonce !== nonce) throw authErrors.farcasterRelayFailed()
      await this.logins.bind(nonce, hashToken(opened.channelToken))
      return opened
    } catch (error) {
      // No channel this login can use: its place goes back to the client's caps.
      await this.logins.release(nonce)
      throw error
    }
  }

  /** The live, unused login of a channel token: 401 when unknown or used, CHANNEL_EXPIRED once its time is up. */
  async live(channelToken: string, now: number): Promise<FarcasterLogin> {
    const login = await this.logins.find(hashToken(channelToken))
    if (!login || login.used) throw authErrors.channelInvalid()
    if (login.expiresAt <= now) throw authErrors.channelExpired()
    return login
  }

  /** The channel's status at the relay: pending, or what the Farcaster app posted (verified by the caller). */
  status(channelToken: string): Promise<RelayStatus> {
    return this.relay.status(channelToken)
  }
}
