import { ed25519 } from '@noble/curves/ed25519.js'
import * as z from 'zod/mini'
import { assertRecord, assertString } from './assert.js'
import { decodeDidKey } from './decodeDidKey.js'
import { base64urlToBytes, bytesToBase64url, bytesToUtf8, utf8ToBytes } from './encoding.js'
import { CryptoError } from './errors.js'
import {
  MAX_JWT_LIFETIME_SECONDS,
  MAX_TIMESTAMP,
  relayJwtSigningInput,
  type SignRelayJwtParams,
  unixNow,
} from './relayJwt.js'
import { signingPublicKey, signingSeed } from './signingKeys.js'

/** Clients and relays run on different machines; a minute of clock skew is not an attack. */
export const DEFAULT_JWT_LEEWAY_SECONDS = 60

// Far beyond any real token (~400 characters) and small enough that junk cannot cost much to reject.
const MAX_TOKEN_LENGTH = 4096
const SIGNATURE_LENGTH = 64
// JWTs use base64url without padding (RFC 7515 §2); a padded variant of a valid token is not valid.
const SEGMENT = /^[A-Za-z0-9_-]+$/

export type VerifyRelayJwtOptions = {
  /** Unix seconds; defaults to now. */
  now?: number
  leewaySeconds?: number
  /** Decides whether the token was meant for this relay; no audience check when absent. */
  audience?: (aud: string) => boolean
  /** The longest `exp - iat` accepted; `MAX_JWT_LIFETIME_SECONDS` (a day) when absent. */
  maxLifetimeSeconds?: number
  /**
   * An Ed25519 check to use instead of @noble's, such as the platform's native one (a relay checks a
   * token per connection). It must be as strict: RFC 8032 without ZIP-215, so S must be below the order.
   */
  signatureCheck?: SignatureCheck
}

/** Whether `signature` is `publicKey`'s Ed25519 signature of `message`; may throw for junk, read as no. */
export type SignatureCheck = (signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array) => boolean

// Strict RFC 8032 (no ZIP-215) so a token has a single valid signature encoding.
const nobleCheck: SignatureCheck = (signature, message, publicKey) =>
  ed25519.verify(signature, message, publicKey, { zip215: false })

export type RelayJwtClaims = {
  iss: string
  sub: string
  aud: string
  iat: number
  exp: number
  /** The Ed25519 key decoded from `iss`, already used to check the signature. */
  publicKey: Uint8Array
}

// Exactly what the official clients send; extra header parameters such as `crit` would change meaning.
const headerSchema = z.strictObject({ alg: z.literal('EdDSA'), typ: z.literal('JWT') })

const timestamp = z.int().check(z.gte(0), z.lte(MAX_TIMESTAMP))
// Unknown claims (the spec's `act`, for one) are tolerated: other clients may send them.
const payloadSchema = z.object({
  iss: z.string(),
  sub: z.string(),
  aud: z.string(),
  iat: timestamp,
  exp: timestamp,
})

export function signRelayJwt(params: SignRelayJwtParams): string {
  assertRecord(params, 'params')
  const seed = signingSeed(params.secretKey)
  const signingInput = relayJwtSigningInput(params, signingPublicKey(seed))
  return `${signingInput}.${bytesToBase64url(ed25519.sign(utf8ToBytes(signingInput), seed))}`
}

function decodeSegment(segment: string, name: string): unknown {
  try {
    return JSON.parse(bytesToUtf8(base64urlToBytes(segment)))
  } catch (cause) {
    throw new CryptoError('INVALID_JWT', `JWT ${name} is not base64url-encoded JSON`, { cause })
  }
}

type CheckedOptions = {
  now: number
  leeway: number
  maxLifetime: number
  audience?: (aud: string) => boolean
  signatureCheck: SignatureCheck
}

function isNonNegative(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0
}

// Typed for TypeScript callers, re-checked for JavaScript ones.
function checkOptions(options: VerifyRelayJwtOptions | undefined): CheckedOptions {
  if (options === undefined) {
    return {
      now: unixNow(),
      leeway: DEFAULT_JWT_LEEWAY_SECONDS,
      maxLifetime: MAX_JWT_LIFETIME_SECONDS,
      signatureCheck: nobleCheck,
    }
  }
  assertRecord(options, 'options')
  const {
    now = unixNow(),
    leewaySeconds = DEFAULT_JWT_LEEWAY_SECONDS,
    maxLifetimeSeconds = MAX_JWT_LIFETIME_SECONDS,
    audience,
    signatureCheck = nobleCheck,
  } = options
  if (typeof now !== 'number' || !Number.isFinite(now)) {
    throw new CryptoError('INVALID_INPUT', 'options.now must be a finite number of unix seconds')
  }
  if (!isNonNegative(leewaySeconds)) {
    throw new CryptoError('INVALID_INPUT', 'options.leewaySeconds must be a non-negative number')
  }
  if (!isNonNegative(maxLifetimeSeconds)) {
    throw new CryptoError('INVALID_INPUT', 'options.maxLifetimeSeconds must be a non-negative number')
  }
  if (typeof signatureCheck !== 'function') {
    throw new CryptoError('INVALID_INPUT', 'options.signatureCheck must be a function')
  }
  const checked = { now, leeway: leewaySeconds, maxLifetime: maxLifetimeSeconds, signatureCheck }
  if (audience === undefined) return checked
  if (typeof audience !== 'function') {
    throw new CryptoError('INVALID_INPUT', 'options.audience must be a function')
  }
  return { ...checked, audience }
}

function signatureHolds(
  check: SignatureCheck,
  signature: Uint8Array,
  signingInput: string,
  publicKey: Uint8Array,
): boolean {
  try {
    return check(signature, utf8ToBytes(signingInput), publicKey) === true
  } catch {
    return false
  }
}

function acceptsAudience(audience: (aud: string) => boolean, aud: string): boolean {
  try {
    return audience(aud) === true
  } catch (cause) {
    throw new CryptoError('JWT_AUDIENCE', 'the audience check threw', { cause })
  }
}

/**
 * Verifies a relay auth token: shape, issuer did:key, Ed25519 signature, then lifetime, time and
 * audience. Those last three are judged only once the signature holds, so their errors always describe a
 * real token.
 * Throws only CryptoError, whatever the input.
 */
export function verifyRelayJwt(token: string, options?: VerifyRelayJwtOptions): RelayJwtClaims {
  const { now, leeway, maxLifetime, audience, signatureCheck } = checkOptions(options)
  assertString(token, 'token', 'INVALID_JWT')
  if (token.length > MAX_TOKEN_LENGTH) {
    throw new CryptoError('INVALID_JWT', `JWT is too long (${token.length} characters)`)
  }
  const segments = token.split('.')
  if (segments.length !== 3) {
    throw new CryptoError('INVALID_JWT', `JWT must have 3 dot-separated segments, got ${segments.length}`)
  }
  if (!segments.every((segment) => SEGMENT.test(segment))) {
    throw new CryptoError('INVALID_JWT', 'JWT segments must be non-empty unpadded base64url')
  }
  const [headerSegment = '', payloadSegment = '', signatureSegment = ''] = segments
  if (!headerSchema.safeParse(decodeSegment(headerSegment, 'header')).success) {
    throw new CryptoError('INVALID_JWT', 'JWT header must be exactly {"alg":"EdDSA","typ":"JWT"}')
  }
  const payload = payloadSchema.safeParse(decodeSegment(payloadSegment, 'payload'))
  if (!payload.success) {
    throw new CryptoError(
      'INVALID_JWT',
      'JWT payload must hold iss, sub, aud (strings) and iat, exp (unix seconds)',
    )
  }
  const { iss, sub, aud, iat, exp } = payload.data
  let publicKey: Uint8Array
  try {
    publicKey = decodeDidKey(iss)
  } catch (cause) {
    throw new CryptoError('INVALID_JWT', 'JWT iss is not an Ed25519 did:key', { cause })
  }
  let signature: Uint8Array
  try {
    signature = base64urlToBytes(signatureSegment)
  } catch (cause) {
    throw new CryptoError('INVALID_JWT', 'JWT signature is not base64url', { cause })
  }
  if (signature.length !== SIGNATURE_LENGTH) {
    throw new CryptoError(
      'INVALID_JWT',
      `JWT signature must be ${SIGNATURE_LENGTH} bytes, got ${signature.length}`,
    )
  }
  if (!signatureHolds(signatureCheck, signature, `${headerSegment}.${payloadSegment}`, publicKey)) {
    throw new CryptoError('INVALID_JWT', 'JWT signature does not match its issuer')
  }
  if (exp < iat) throw new CryptoError('INVALID_JWT', 'JWT exp is before its iat')
  if (exp - iat > maxLifetime) {
    throw new CryptoError(
      'JWT_LIFETIME',
      `JWT lives ${exp - iat} s (exp - iat), longer than the ${maxLifetime} s allowed`,
    )
  }
  if (iat > now + leeway) throw new CryptoError('JWT_NOT_YET_VALID', `JWT iat ${iat} is in the future`)
  if (now >= exp + leeway) throw new CryptoError('JWT_EXPIRED', `JWT expired at ${exp}`)
  if (audience !== undefined && !acceptsAudience(audience, aud)) {
    throw new CryptoError('JWT_AUDIENCE', `JWT audience "${aud}" is not accepted`)
  }
  return { iss, sub, aud, iat, exp, publicKey }
}
