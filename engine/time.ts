/** The engine's notion of now; tests move it to reach expiries without waiting. */
export type Clock = { now(): number }

export const systemClock: Clock = { now: () => Date.now() }

export const FIVE_MINUTES = 300
export const ONE_HOUR = 3_600
export const ONE_DAY = 86_400
/**
 * The session lifetime: a new session (also one made by sign-in) and an extended one expire this long
 * after. The spec leaves it open; seven days is what the public protocol uses, so peers agree.
 */
export const SEVEN_DAYS = 604_800

/** Unix seconds, as every expiry on the wire is written. */
export function nowSeconds(clock: Clock): number {
  return Math.floor(clock.now() / 1000)
}

export function calcExpiry(clock: Clock, ttlSeconds: number): number {
  return nowSeconds(clock) + ttlSeconds
}

/** The expiry a peer named, but no later than `ttlSeconds` from now (that, when it named none). */
export function boundedExpiry(clock: Clock, expirySeconds: number | undefined, ttlSeconds: number): number {
  const latest = calcExpiry(clock, ttlSeconds)
  return expirySeconds === undefined ? latest : Math.min(expirySeconds, latest)
}

/** Expired at the very second it names, as the official clients judge it. */
export function isExpired(clock: Clock, expirySeconds: number): boolean {
  return clock.now() >= expirySeconds * 1000
}
