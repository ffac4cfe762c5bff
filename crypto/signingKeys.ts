import { ed25519 } from '@noble/curves/ed25519.js'
import { assertClaimedPublicKey, KEY_LENGTH, type SigningKeyPair, splitSecretKey } from './keyPairs.js'
import { randomBytes } from './random.js'

// An Ed25519 secret key is a 32-byte random seed, the same on @noble/curves 1.9 and 2.
export function generateSigningKeyPair(): SigningKeyPair {
  const secretKey = randomBytes(KEY_LENGTH)
  return { secretKey, publicKey: ed25519.getPublicKey(secretKey) }
}

export function signingSeed(secretKey: Uint8Array): Uint8Array {
  const { seed, claimedPublicKey } = splitSecretKey(secretKey)
  if (claimedPublicKey !== undefined) assertClaimedPublicKey(ed25519.getPublicKey(seed), claimedPublicKey)
  return seed
}

export function signingPublicKey(secretKey: Uint8Array): Uint8Array {
  return ed25519.getPublicKey(signingSeed(secretKey))
}
