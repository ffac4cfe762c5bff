import { internalError } from '../errors.js'
import { MAX_PROPOSAL_LIFETIME, MAX_SIGN_IN_REQUEST_LIFETIME } from '../limits.js'
import { boundedExpiry, type Clock, isExpired } from '../time.js'

const LIFETIMES = { proposal: MAX_PROPOSAL_LIFETIME, 'sign-in request': MAX_SIGN_IN_REQUEST_LIFETIME }

/**
 * A peer's proposal or sign-in request with the expiry the wallet holds it to: the one the peer named, cut
 * to its kind's lifetime from now (that lifetime when it named none), so no peer keeps a place under the
 * proposal caps for longer. One already past is refused with EXPIRED: nobody waits for its answer.
 */
export function withHeldExpiry<Params extends { expiryTimestamp?: number | undefined }>(
  clock: Clock,
  params: Params,
  kind: keyof typeof LIFETIMES,
): Params & { expiryTimestamp: number } {
  const named = params.expiryTimestamp
  if (named !== undefined && isExpired(clock, named))
    throw internalError('EXPIRED', `${kind} expired at ${named}`)
  return { ...params, expiryTimestamp: boundedExpiry(clock, named, LIFETIMES[kind]) }
}
