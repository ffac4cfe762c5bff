import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { HttpError, type HttpErrorCode } from '../kit/index.js'

/** The kit's codes, and auth's own. */
export type AuthErrorCode =
  | HttpErrorCode
  | 'OTP_INVALID'
  | 'OTP_EXPIRED'
  | 'EMAIL_LOCKED'
  | 'PROOF_INVALID'
  | 'SESSION_EXPIRED'
  | 'REAUTH_REQUIRED'
  | 'EMAIL_TAKEN'
  | 'WALLET_EXISTS'
  | 'NO_WALLET'
  | 'EMAIL_DISABLED'
  | 'RECOVERY_LOCKED'
  | 'WRONG_PASSPHRASE'
  | 'RECOVERY_REQUIRED'
  | 'RECOVERY_UNAVAILABLE'
  | 'NO_EMAIL'
  | 'SOCIAL_DISABLED'
  | 'SOCIAL_FAILED'
  | 'TICKET_INVALID'
  | 'FARCASTER_DISABLED'
  | 'FARCASTER_REFUSED'
  | 'CHANNEL_INVALID'
  | 'CHANNEL_EXPIRED'
  | 'FARCASTER_RELAY_FAILED'
  | 'FARCASTER_CHAIN_FAILED'

type Extra = { retryAfter?: number; triesLeft?: number }

/** Thrown in a route; answered `{ code, message, ...extra }` with `status` (and `retry-after` with one). */
export class AuthError extends HttpError<AuthErrorCode> {
  override name = 'AuthError'
  declare readonly status: ContentfulStatusCode
  declare readonly code: AuthErrorCode

  constructor(
    status: ContentfulStatusCode,
    code: AuthErrorCode,
    message: string,
    readonly extra: Extra = {},
  ) {
    super(
      status,
      message,
      code,
      extra.retryAfter === undefined ? {} : { 'retry-after': String(extra.retryAfter) },
    )
  }

  override toJSON(): { code: AuthErrorCode; message: string } & Extra {
    return { ...super.toJSON(), ...this.extra }
  }
}

const wholeSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000))

export const authErrors = {
  /** The text the modal shows as is (spec: 'Please try again after {n} seconds'). */
  tryAgainAfter: (ms: number) => {
    const seconds = wholeSeconds(ms)
    return new AuthError(429, 'RATE_LIMITED', `Please try again after ${seconds} seconds`, {
      retryAfter: seconds,
    })
  },
  locked: (ms: number) => {
    const seconds = wholeSeconds(ms)
    return new AuthError(
      423,
      'EMAIL_LOCKED',
      `Too many wrong codes: email login is paused. Please try again after ${seconds} seconds`,
      { retryAfter: seconds },
    )
  },
  otpInvalid: (triesLeft: number) => new AuthError(400, 'OTP_INVALID', 'Invalid code', { triesLeft }),
  otpExpired: () =>
    new AuthError(400, 'OTP_EXPIRED', 'The code has expired or was already used; ask for a new one'),
  proofInvalid: () => new AuthError(401, 'PROOF_INVALID', 'Invalid device proof'),
  sessionExpired: () => new AuthError(401, 'SESSION_EXPIRED', 'Session expired, please log in again'),
  reauthRequired: () =>
    new AuthError(403, 'REAUTH_REQUIRED', 'Confirm with a new code from your email first'),
  emailTaken: () => new AuthError(409, 'EMAIL_TAKEN', 'This email is already in use'),
  walletExists: () => new AuthError(409, 'WALLET_EXISTS', 'This user already has a wallet'),
  noWallet: () => new AuthError(404, 'NO_WALLET', 'This user has no wallet yet'),
  emailDisabled: () => new AuthError(403, 'EMAIL_DISABLED', 'Email login is not enabled for this project'),
  noEmail: () =>
    new AuthError(403, 'NO_EMAIL', 'This account signs in with a social provider and has no email here'),
  socialDisabled: () =>
    new AuthError(403, 'SOCIAL_DISABLED', 'This social login is not enabled for this project'),
  /** Every failed provider callback alike: what went wrong is logged, not told to whoever called. */
  socialFailed: () =>
    new AuthError(400, 'SOCIAL_FAILED', 'The social login did not complete; please try again'),
  ticketInvalid: () =>
    new AuthError(
      400,
      'TICKET_INVALID',
      'The login ticket has expired or was already used; please log in again',
    ),
  farcasterDisabled: () =>
    new AuthError(403, 'FARCASTER_DISABLED', 'Farcaster login is not enabled for this project'),
  /** What the signed message got wrong (it is the signer's own text: nothing to hide from them). */
  farcasterRefused: (reason: string) => new AuthError(400, 'FARCASTER_REFUSED', reason),
  channelInvalid: () => new AuthError(401, 'CHANNEL_INVALID', 'Unknown or used Farcaster channel'),
  channelExpired: () =>
    new AuthError(400, 'CHANNEL_EXPIRED', 'The Farcaster sign-in has expired; please start again'),
  /** The relay did not answer in time or out of protocol (logged with the reason). */
  farcasterRelayFailed: () =>
    new AuthError(502, 'FARCASTER_RELAY_FAILED', 'The Farcaster relay did not answer; please try again'),
  /** Optimism could not be read to check the signer (logged with the reason). */
  farcasterChainFailed: () =>
    new AuthError(502, 'FARCASTER_CHAIN_FAILED', 'Farcaster accounts could not be read; please try again'),
  /** The mailer failed, or too many mails are on their way already (limits `mailsInFlight`). */
  mailUnavailable: () => new AuthError(503, 'UNAVAILABLE', 'Service Unavailable: the mail could not be sent'),
  busy: () => new AuthError(503, 'UNAVAILABLE', 'Service Unavailable: too many requests in flight'),
  recoveryLocked: (ms: number) => {
    const seconds = wholeSeconds(ms)
    return new AuthError(
      423,
      'RECOVERY_LOCKED',
      `Too many wrong passphrases: recovery is paused. Please try again after ${seconds} seconds`,
      { retryAfter: seconds },
    )
  },
  wrongPassphrase: () => new AuthError(403, 'WRONG_PASSPHRASE', 'That passphrase does not open this wallet.'),
  recoveryRequired: () =>
    new AuthError(
      403,
      'RECOVERY_REQUIRED',
      'This device has not opened the wallet yet: recover it with your passphrase first',
    ),
  recoveryUnavailable: () =>
    new AuthError(
      409,
      'RECOVERY_UNAVAILABLE',
      'This wallet was made before recovery went through the server: it opens only in a browser that already holds it',
    ),
}
