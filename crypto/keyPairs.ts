import { assertBytes } from './assert.js'
import { CryptoError } from './errors.js'

export const KEY_LENGTH = 32

/** An X25519 key pair, as used for the Diffie-Hellman step of pairing and authenticate. */
export type KeyPair = { privateKey: Uint8Array; publicKey: Uint8Array }

/** An Ed25519 key pair; its public key, as a did:key, is the client's identity on the relay. */
export type SigningKeyPair = { secretKey: Uint8Array; publicKey: Uint8Array }

type SplitSecretKey = { seed: Uint8Array; claimedPublicKey?: Uint8Array }

/**
 * The 32-byte seed of a secret key. The 64-byte form (seed ‖ public key, as the official relay-auth
 * package stores it) is accepted so identities persisted by either client keep working; it also claims a
 * public key, which `assertClaimedPublicKey` must confirm or the key was corrupted.
 */
export function splitSecretKey(secretKey: Uint8Array): SplitSecretKey {
  assertBytes(secretKey, 'secretKey', 'INVALID_KEY', [32, 64])
  if (secretKey.length === 32) return { seed: secretKey }
  return { seed: secretKey.subarray(0, 32), claimedPublicKey: secretKey.subarray(32) }
}

export function assertClaimedPublicKey(derived: Uint8Array, claimed: Uint8Array | undefined): void {
  if (claimed !== undefined && !derived.every((byte, i) => byte === claimed[i])) {
    throw new CryptoError('INVALID_KEY', 'the public half of the 64-byte secretKey does not match its seed')
  }
}
