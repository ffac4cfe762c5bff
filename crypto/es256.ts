import { base64urlToBytes, bytesToUtf8, utf8ToBytes } from './encoding.js'
import { CryptoError } from './errors.js'

/** A P-256 public key as a JWK (RFC 7518 §6.2), the form verify servers publish theirs in. */
export type P256PublicJwk = { kty: 'EC'; crv: 'P-256'; x: string; y: string }

// Attestations are a few hundred characters; junk past this costs nothing to refuse.
const MAX_TOKEN_LENGTH = 8192
const SIGNATURE_LENGTH = 64
const SEGMENT = /^[A-Za-z0-9_-]+$/
const ECDSA_P256 = { name: 'ECDSA', namedCurve: 'P-256' }
const ECDSA_SHA256 = { name: 'ECDSA', hash: 'SHA-256' }

function segmentsOf(token: unknown): [string, string, string] {
  if (typeof token !== 'string') throw new CryptoError('INVALID_JWT', 'JWT must be a string')
  if (token.length > MAX_TOKEN_LENGTH) {
    throw new CryptoError('INVALID_JWT', `JWT is too long (${token.length} characters)`)
  }
  const segments = token.split('.')
  if (segments.length !== 3 || !segments.every((segment) => SEGMENT.test(segment))) {
    throw new CryptoError('INVALID_JWT', 'JWT must be three non-empty unpadded base64url segments')
  }
  return segments as [string, string, string]
}

function decodeJson(segment: string, name: string): unknown {
  try {
    return JSON.parse(bytesToUtf8(base64urlToBytes(segment)))
  } catch (cause) {
    throw new CryptoError('INVALID_JWT', `JWT ${name} is not base64url-encoded JSON`, { cause })
  }
}

/** The payload of a JWT, unverified: only to decide whether a token is worth verifying at all. */
export function decodeJwtPayload(token: string): unknown {
  return decodeJson(segmentsOf(token)[1], 'payload')
}

/**
 * Verifies an ES256 JWT (ECDSA P-256 over SHA-256, the signature as r ‖ s) against `key` on the
 * platform's Web Crypto, and returns its payload. The header must name ES256, so no other algorithm can
 * be slipped in. Checks no claims: what they mean is the caller's business. Throws CryptoError:
 * INVALID_JWT for a malformed or wrongly signed token, INVALID_KEY for a key that is not P-256,
 * UNSUPPORTED without Web Crypto.
 */
export async function verifyEs256Jwt(
  token: string,
  key: P256PublicJwk,
  subtle: SubtleCrypto | undefined = globalThis.crypto?.subtle,
): Promise<unknown> {
  const [header, payload, signature] = segmentsOf(token)
  const { alg } = (decodeJson(header, 'header') ?? {}) as { alg?: unknown }
  if (alg !== 'ES256') throw new CryptoError('INVALID_JWT', 'JWT header must name alg ES256')
  const claims = decodeJson(payload, 'payload')
  const signatureBytes = base64urlToBytes(signature)
  if (signatureBytes.length !== SIGNATURE_LENGTH) {
    throw new CryptoError('INVALID_JWT', `ES256 signature must be ${SIGNATURE_LENGTH} bytes`)
  }
  if (subtle === undefined) throw new CryptoError('UNSUPPORTED', 'ES256 needs Web Crypto (crypto.subtle)')
  let publicKey: CryptoKey
  try {
    const { kty, crv, x, y } = key
    publicKey = await subtle.importKey('jwk', { kty, crv, x, y }, ECDSA_P256, false, ['verify'])
  } catch (cause) {
    throw new CryptoError('INVALID_KEY', 'the key is not a P-256 public key (JWK)', { cause })
  }
  // Web Crypto takes bytes on an ArrayBuffer of their own.
  const signed = new Uint8Array(utf8ToBytes(`${header}.${payload}`))
  if (!(await subtle.verify(ECDSA_SHA256, publicKey, new Uint8Array(signatureBytes), signed))) {
    throw new CryptoError('INVALID_JWT', 'JWT signature does not match the key')
  }
  return claims
}
