import { x25519 } from '@noble/curves/ed25519.js'
import { hkdf } from '@noble/hashes/hkdf.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { assertBytes } from './assert.js'
import { CryptoError } from './errors.js'
import { KEY_LENGTH, type KeyPair } from './keyPairs.js'
import { randomBytes } from './random.js'

// Any 32 random bytes are an X25519 private key (the curve clamps them), the same on @noble/curves 1.9 and 2.
export function generateKeyPair(): KeyPair {
  const privateKey = randomBytes(KEY_LENGTH)
  return { privateKey, publicKey: x25519.getPublicKey(privateKey) }
}

export function publicKeyFromPrivateKey(privateKey: Uint8Array): Uint8Array {
  assertBytes(privateKey, 'privateKey', 'INVALID_KEY', [KEY_LENGTH])
  return x25519.getPublicKey(privateKey)
}

/**
 * The session symmetric key: HKDF-SHA256 over the X25519 shared secret with no salt and no info, 32 bytes
 * out — what the official clients derive, so both ends land on the same session topic.
 */
export function deriveSymKey(privateKey: Uint8Array, peerPublicKey: Uint8Array): Uint8Array {
  assertBytes(privateKey, 'privateKey', 'INVALID_KEY', [KEY_LENGTH])
  assertBytes(peerPublicKey, 'peerPublicKey', 'INVALID_KEY', [KEY_LENGTH])
  let shared: Uint8Array
  try {
    shared = x25519.getSharedSecret(privateKey, peerPublicKey)
  } catch (cause) {
    // A low-order peer key yields an all-zero secret that anyone could compute.
    throw new CryptoError('INVALID_KEY', 'peerPublicKey is a low-order point', { cause })
  }
  return hkdf(sha256, shared, undefined, undefined, KEY_LENGTH)
}
