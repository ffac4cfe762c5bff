import { assertInteger, assertRecord, assertString } from './assert.js'
import type { ClientCrypto } from './clientCrypto.js'
import { encodeDidKey } from './didKey.js'
import { bytesToBase64url, utf8ToBytes } from './encoding.js'
import { CryptoError } from './errors.js'
import { randomHex } from './random.js'

/** The relay auth token lives a day in the official clients; a fresh one is made per connection. */
export const DEFAULT_JWT_TTL_SECONDS = 86_400
/**
 * The longest `exp - iat` a relay accepts. The token travels in the connection URL, where proxies and
 * logs may keep it, so its lifetime is the window in which a copy can be replayed. Every official client
 * (JS, Kotlin, Swift, Rust) issues tokens of at most a day and makes a fresh one per connection, so a
 * day is the bound: nothing honest is refused, and a leaked token is useless after one.
 */
export const MAX_JWT_LIFETIME_SECONDS = DEFAULT_JWT_TTL_SECONDS
export const MAX_TIMESTAMP = 2 ** 40

export type SignRelayJwtParams = {
  /** Ed25519 secret key: the 32-byte seed, or the 64-byte seed ‖ public key form. */
  secretKey: Uint8Array
  /** The relay URL exactly as the client connects to it. */
  aud: string
  /** Defaults to 32 random bytes in hex, as the official client sends. */
  sub?: string
  /** Unix seconds; defaults to now. */
  iat?: number
  ttl?: number
}

export function unixNow(): number {
  return Math.floor(Date.now() / 1000)
}

function encodeSegment(value: object): string {
  return bytesToBase64url(utf8ToBytes(JSON.stringify(value)))
}

/** The signed part of a relay auth token, `header.payload`, for the holder of `publicKey`. */
export function relayJwtSigningInput(params: SignRelayJwtParams, publicKey: Uint8Array): string {
  assertString(params.aud, 'aud', 'INVALID_INPUT')
  if (params.aud.length === 0) throw new CryptoError('INVALID_INPUT', 'aud must not be empty')
  const sub = params.sub ?? randomHex(32)
  assertString(sub, 'sub', 'INVALID_INPUT')
  const iat = params.iat ?? unixNow()
  assertInteger(iat, 'iat', { min: 0, max: MAX_TIMESTAMP })
  const ttl = params.ttl ?? DEFAULT_JWT_TTL_SECONDS
  assertInteger(ttl, 'ttl', { min: 1, max: Math.min(MAX_JWT_LIFETIME_SECONDS, MAX_TIMESTAMP - iat) })
  // Claim order matches the official client, so the same inputs give byte-identical tokens.
  return `${encodeSegment({ alg: 'EdDSA', typ: 'JWT' })}.${encodeSegment({
    iss: encodeDidKey(publicKey),
    sub,
    aud: params.aud,
    iat,
    exp: iat + ttl,
  })}`
}

/** Signs a relay auth token on a client's primitives, e.g. the platform's Web Crypto. */
export async function signRelayJwtWith(crypto: ClientCrypto, params: SignRelayJwtParams): Promise<string> {
  assertRecord(params, 'params')
  const signingInput = relayJwtSigningInput(params, await crypto.signingPublicKey(params.secretKey))
  const signature = await crypto.sign(utf8ToBytes(signingInput), params.secretKey)
  return `${signingInput}.${bytesToBase64url(signature)}`
}
