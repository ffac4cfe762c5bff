import { frameErrorCodes, type SocialLoginProvider } from '@pairwise/engine/frame'
import type { z } from 'zod'
import {
  authPaths,
  type DeviceKeys,
  deviceWaitAnswer,
  emailChangeAnswer,
  emailChangePrimaryAnswer,
  emailChangeSecondaryAnswer,
  emailStartAnswer,
  emailVerifyAnswer,
  errorAnswer,
  farcasterConnectAnswer,
  farcasterStartAnswer,
  proofHeaders,
  type RecoveryBlob,
  reauthStartAnswer,
  reauthVerifyAnswer,
  recoveryEvaluateAnswer,
  sessionAnswer,
  socialLoginAnswer,
  socialStartAnswer,
  walletAnswer,
  walletRecoveryAnswer,
  walletShareAnswer,
} from '../../auth/protocol/index.js'
import { FrameFailure } from './frameServer.js'

/** A refusal of the auth service, with its code; `retryAfter`/`triesLeft` when it said them. */
export class AuthRefusal extends FrameFailure {
  override name = 'AuthRefusal'
  constructor(
    readonly status: number,
    readonly reason: string,
    message: string,
    readonly retryAfter?: number,
    readonly triesLeft?: number,
  ) {
    super(status === 401 ? frameErrorCodes.unauthorized : frameErrorCodes.internal, message)
  }
}

export type AuthScope = { projectId: string; hostOrigin: string }

/**
 * The frame's client of the auth service on its own origin: every request signed by the device key
 * (services/auth/protocol), the session as a bearer held only in this frame, every answer parsed.
 */
export class AuthClient {
  constructor(
    private readonly scope: AuthScope,
    private readonly device: () => Promise<DeviceKeys>,
    private readonly session: () => Promise<string | undefined>,
    private readonly now: () => number = Date.now,
  ) {}

  async #call<S extends z.ZodType>(
    path: string,
    schema: S,
    body?: Record<string, unknown>,
    method = 'POST',
  ): Promise<z.output<S>> {
    const keys = await this.device()
    const text = method === 'GET' ? '' : JSON.stringify({ ...this.scope, ...body })
    const token = await this.session()
    const headers: Record<string, string> = {
      ...(await proofHeaders(keys, { method, path, body: text, now: this.now() })),
      ...(text ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    }
    // A GET names its project in the query (GET session answers only the session's own project).
    const target = method === 'GET' ? `${path}?${new URLSearchParams(this.scope)}` : path
    const response = await fetch(target, {
      method,
      headers,
      ...(text ? { body: text } : {}),
      credentials: 'omit',
    })
    const answer: unknown = response.status === 204 ? {} : await response.json().catch(() => undefined)
    if (!response.ok) {
      const refusal = errorAnswer.safeParse(answer)
      if (!refusal.success)
        throw new AuthRefusal(response.status, 'UNEXPECTED', `The auth service answered ${response.status}`)
      const { code, message, retryAfter, triesLeft } = refusal.data
      throw new AuthRefusal(response.status, code, message, retryAfter, triesLeft)
    }
    return schema.parse(answer)
  }

  startEmail(email: string) {
    return this.device().then((keys) =>
      this.#call(authPaths.emailStart, emailStartAnswer, {
        email,
        device: { signingKey: keys.signingKey, agreementKey: keys.agreementKey },
      }),
    )
  }
  /** A social login for this device and host: the provider's authorize URL (state and PKCE stay server-side). */
  startSocial(provider: SocialLoginProvider, returnPath?: string) {
    return this.device().then((keys) =>
      this.#call(authPaths.socialStart, socialStartAnswer, {
        provider,
        device: { signingKey: keys.signingKey, agreementKey: keys.agreementKey },
        ...(returnPath === undefined ? {} : { returnPath }),
      }),
    )
  }
  /** The callback's ticket, redeemed by the device that started the login: the session. */
  redeemSocial(ticket: string) {
    return this.#call(authPaths.socialRedeem, socialLoginAnswer, { ticket })
  }
  /** SOC-05: a Farcaster relay channel bound to this device and host: its token and the URL to scan. */
  startFarcaster() {
    return this.device().then((keys) =>
      this.#call(authPaths.farcasterStart, farcasterStartAnswer, {
        device: { signingKey: keys.signingKey, agreementKey: keys.agreementKey },
      }),
    )
  }
  /** The channel's login, by the device that opened it: pending until a Farcaster app approved it. */
  connectFarcaster(channelToken: string) {
    return this.#call(authPaths.farcasterConnect, farcasterConnectAnswer, { channelToken })
  }
  waitForDevice(attemptId: string) {
    return this.#call(authPaths.deviceWait, deviceWaitAnswer, { attemptId })
  }
  verifyEmail(attemptId: string, code: string) {
    return this.#call(authPaths.emailVerify, emailVerifyAnswer, { attemptId, code })
  }
  currentSession() {
    return this.#call(authPaths.session, sessionAnswer, undefined, 'GET')
  }
  signOut() {
    return this.#call(authPaths.signOut, emailChangePrimaryAnswer)
  }
  createWallet(wallet: {
    walletId: string
    address: string
    authShare: string
    recovery: RecoveryBlob
    recoveryProof: string
  }) {
    return this.#call(authPaths.wallet, walletAnswer, wallet)
  }
  walletShare(purpose: 'sign' | 'export') {
    return this.#call(authPaths.walletShare, walletShareAnswer, { purpose })
  }
  /** The user's OPRF key applied to a blinded passphrase: one counted guess. */
  evaluateRecovery(blinded: string) {
    return this.#call(authPaths.walletRecoveryEvaluate, recoveryEvaluateAnswer, { blinded })
  }
  /** The recovery blob, for the proof the right passphrase derives. */
  walletRecovery(proof: string) {
    return this.#call(authPaths.walletRecovery, walletRecoveryAnswer, { proof })
  }
  startReauth() {
    return this.#call(authPaths.reauthStart, reauthStartAnswer)
  }
  verifyReauth(attemptId: string, code: string) {
    return this.#call(authPaths.reauthVerify, reauthVerifyAnswer, { attemptId, code })
  }
  changeEmail(newEmail: string) {
    return this.#call(authPaths.emailChange, emailChangeAnswer, { newEmail })
  }
  confirmEmailChangePrimary(changeId: string, code: string) {
    return this.#call(authPaths.emailChangePrimary, emailChangePrimaryAnswer, { changeId, code })
  }
  confirmEmailChangeSecondary(changeId: string, code: string) {
    return this.#call(authPaths.emailChangeSecondary, emailChangeSecondaryAnswer, { changeId, code })
  }
}
