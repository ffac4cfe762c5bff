import { ed25519 } from '@noble/curves/ed25519.js'
import { assertBytes } from './assert.js'
import { CryptoError } from './errors.js'

/** An Ed25519 key pair; its public key, as a did:key, is the client's identity on the relay. */
export type SigningKeyPair = { secretKey: Uint8Array; publicKey: Uint8Array }

export function generateSigningKeyPair(): SigningKeyPair {
  const { secretKey, publicKey } = ed25519.keygen()
  return { secretKey, publicKey }
}

/**
 * Reduces a secret key to its 32-byte seed. The 64-byte form (seed ‖ public key, as the official
 * relay-auth package stores it) is accepted so identities persisted by either client keep working; its
 * public half must match, or the key was corrupted.
 */
export function signingSeed(secretKey: Uint8Array): Uint8Array {
  assertBytes(secretKey, 'secretKey', 'INVALID_KEY', [32, 64])
  if (secretKey.length === 32) return secretKey
  const seed = secretKey.subarray(0, 32)
  const derived = ed25519.getPublicKey(seed)
  const stored = secretKey.subarray(32)
  if (!derived.every((byte, i) => byte === stored[i])) {
    throw new CryptoError('INVALID_KEY', 'the public half of the 64-byte secretKey does not match its seed')
  }
  return seed
}

export function signingPublicKey(secretKey: Uint8Array): Uint8Array {
  return ed25519.getPublicKey(signingSeed(secretKey))
}
