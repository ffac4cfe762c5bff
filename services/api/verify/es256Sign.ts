import { p256 } from '@noble/curves/nist.js'
import { bytesToBase64url, CryptoError, type P256PublicJwk, utf8ToBytes } from '@pairwise/crypto'

// Signing stays on the server: it needs @noble/curves 2 (prehashed ECDSA), which a dapp's tree, holding
// the 1.9 that viem pins, need not carry. Clients only verify (`verifyEs256Jwt`, on Web Crypto).
const SECRET_KEY_LENGTH = 32

/** A fresh P-256 secret key (32 bytes), for a verify server's attestation signing key. */
export function generateP256SecretKey(): Uint8Array {
  return p256.utils.randomSecretKey()
}

function checkedSecretKey(secretKey: unknown): Uint8Array {
  if (!(secretKey instanceof Uint8Array) || secretKey.length !== SECRET_KEY_LENGTH) {
    throw new CryptoError('INVALID_KEY', `secretKey must be ${SECRET_KEY_LENGTH} bytes long`)
  }
  if (!p256.utils.isValidSecretKey(secretKey)) {
    throw new CryptoError('INVALID_KEY', 'secretKey is not a P-256 scalar (zero or not below the order)')
  }
  return secretKey
}

/** The public half of a P-256 secret key as the JWK verify servers publish (`GET /v3/public-key`). */
export function p256PublicJwk(secretKey: Uint8Array): P256PublicJwk {
  // Uncompressed: 0x04 ‖ x (32 bytes) ‖ y (32 bytes).
  const point = p256.getPublicKey(checkedSecretKey(secretKey), false)
  return {
    kty: 'EC',
    crv: 'P-256',
    x: bytesToBase64url(point.subarray(1, 33)),
    y: bytesToBase64url(point.subarray(33)),
  }
}

/**
 * `claims` as an ES256 JWT (ECDSA P-256 over SHA-256, the signature as r ‖ s): what `verifyEs256Jwt`
 * accepts. Deterministic (RFC 6979): the same claims and key give the same token.
 */
export function signEs256Jwt(claims: Record<string, unknown>, secretKey: Uint8Array): string {
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) {
    throw new CryptoError('INVALID_INPUT', 'claims must be an object')
  }
  const key = checkedSecretKey(secretKey)
  const encode = (value: unknown) => bytesToBase64url(utf8ToBytes(JSON.stringify(value)))
  const input = `${encode({ alg: 'ES256', typ: 'JWT' })}.${encode(claims)}`
  return `${input}.${bytesToBase64url(p256.sign(utf8ToBytes(input), key, { prehash: true, format: 'compact' }))}`
}
