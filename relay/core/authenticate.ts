import { isCryptoError } from '@pairwise/crypto'
import { type VerifyRelayJwtOptions, verifyRelayJwt } from '@pairwise/crypto/noble'
import { describeError } from './logger.js'

export type AuthOutcome = { ok: true; clientId: string } | { ok: false; reason: string }

export type AuthContext = {
  /** Whether a token's `aud` names this relay. */
  acceptsAudience: (aud: string) => boolean
  /** Unix milliseconds. */
  now: number
}

/**
 * Decides who a connection is from the `auth` query parameter. Injected, so a deployment (or a test)
 * can use another scheme; must not throw.
 */
export type RelayAuthenticator = (token: string | undefined, context: AuthContext) => AuthOutcome

export type RelayJwtVerifier = (token: string, options?: VerifyRelayJwtOptions) => { iss: string }

/** The official scheme: an Ed25519 JWT whose `iss` (a did:key) is the client id. */
export function jwtAuthenticator(verify: RelayJwtVerifier = verifyRelayJwt): RelayAuthenticator {
  return (token, { acceptsAudience, now }) => {
    if (!token) return { ok: false, reason: 'no auth token in the query string' }
    try {
      const { iss } = verify(token, { now: Math.floor(now / 1000), audience: acceptsAudience })
      return { ok: true, clientId: iss }
    } catch (error) {
      return {
        ok: false,
        reason: isCryptoError(error) ? `${error.code}: ${error.message}` : describeError(error),
      }
    }
  }
}

/**
 * Accepts an `aud` that is one of `allowed` exactly, or a URL on the same scheme, host and port as one
 * of `relayUrls` (clients append paths and queries to the relay URL they were given).
 */
export function audienceMatcher(
  relayUrls: readonly string[],
  allowed: readonly string[] = [],
): (aud: string) => boolean {
  const origins = relayUrls.map(originOf).filter((origin) => origin !== undefined)
  return (aud) => allowed.includes(aud) || origins.includes(originOf(aud) ?? '\0')
}

function originOf(url: string): string | undefined {
  try {
    const { protocol, host } = new URL(url)
    return `${protocol}//${host}`
  } catch {
    return undefined
  }
}
