import { ed25519 } from '@noble/curves/ed25519.js'
import { assertClaimedPublicKey, type SigningKeyPair, splitSecretKey } from './keyPairs.js'

export function generateSigningKeyPair(): SigningKeyPair {
  const { secretKey, publicKey } = ed25519.keygen()
  return { secretKey, publicKey }
}

export function signingSeed(secretKey: Uint8Array): Uint8Array {
  const { seed, claimedPublicKey } = splitSecretKey(secretKey)
  if (claimedPublicKey !== undefined) assertClaimedPublicKey(ed25519.getPublicKey(seed), claimedPublicKey)
  return seed
}

export function signingPublicKey(secretKey: Uint8Array): Uint8Array {
  return ed25519.getPublicKey(signingSeed(secretKey))
}
