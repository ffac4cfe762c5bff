import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { HttpError, type HttpErrorCode } from '../../kit/index.js'

/** The error codes the api answers with: the kit's list, and its own; `message` is the text a client may show. */
export type ApiErrorCode =
  | HttpErrorCode
  | 'INVALID_KEY'
  | 'ORIGIN_NOT_ALLOWED'
  | 'UNSUPPORTED_NETWORK'
  | 'UPSTREAM_ERROR'
  // A route of a feature the project has off (or, in basic mode, every remote feature).
  | 'FEATURE_DISABLED'
  // A client or project past a cap on what it may hold (names registered through a project).
  | 'QUOTA_EXCEEDED'
  // Sign-in (services/api/siwx): why a sign-in message or its holder was refused.
  | 'INVALID_MESSAGE'
  | 'DOMAIN_NOT_ALLOWED'
  | 'URI_MISMATCH'
  | 'UNSUPPORTED_CHAIN'
  | 'UNSUPPORTED_VERSION'
  | 'ISSUED_AT_SKEW'
  | 'MESSAGE_EXPIRED'
  | 'MESSAGE_NOT_YET_VALID'
  | 'NONCE_INVALID'
  | 'INVALID_SIGNATURE'
  | 'NOT_SIGNED_IN'
  | 'TOO_MANY_SESSIONS'
  // Onramp (services/api/onramp): amounts outside the payment method's limits, quotes, orders.
  | 'AMOUNT_OUT_OF_RANGE'
  | 'QUOTE_INVALID'
  | 'QUOTE_EXPIRED'
  | 'QUOTE_USED'
  | 'IDEMPOTENCY_CONFLICT'
  // Names (services/api/names): why a name could not be registered.
  | 'INVALID_NAME'
  | 'INVALID_CHAIN_ID'
  | 'NAME_TAKEN'
  | 'NAME_ALREADY_OWNED'
  // Verify (services/api/verify): a registration that did not come from the verify frame, or a stale one.
  | 'FRAME_REQUIRED'
  | 'CHALLENGE_INVALID'

/** Thrown anywhere in a route; the app answers `{ code, message }` with `status`. */
export class ApiError extends HttpError<ApiErrorCode> {
  override name = 'ApiError'
  declare readonly status: ContentfulStatusCode
  declare readonly code: ApiErrorCode

  constructor(
    status: ContentfulStatusCode,
    code: ApiErrorCode,
    message: string,
    /** Sent with the answer, e.g. `retry-after`. */
    headers: Readonly<Record<string, string>> = {},
  ) {
    super(status, message, code, headers)
  }
}

/** The server texts the modal maps to its alerts (spec §8). */
export const invalidKey = () => new ApiError(401, 'INVALID_KEY', 'Unauthorized: invalid key')
export const originNotAllowed = () =>
  new ApiError(403, 'ORIGIN_NOT_ALLOWED', 'Unauthorized: origin not allowed')
export const rateLimited = (retryAfterSeconds?: number) =>
  new ApiError(
    429,
    'RATE_LIMITED',
    'Rate Limited',
    retryAfterSeconds === undefined ? {} : { 'retry-after': String(retryAfterSeconds) },
  )

/** `rateLimited` until a place frees at `at` (ms): Retry-After in whole seconds, at least one. */
export const rateLimitedUntil = (at: number, now: number) =>
  rateLimited(Math.max(1, Math.ceil((at - now) / 1000)))
