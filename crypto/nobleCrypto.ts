import { ed25519 } from '@noble/curves/ed25519.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { assertBytes } from './assert.js'
import type { ClientCrypto } from './clientCrypto.js'
import { deriveSymKey, generateKeyPair } from './keys.js'
import { generateSigningKeyPair, signingPublicKey, signingSeed } from './signingKeys.js'

/**
 * The client primitives in pure JavaScript (@noble): for runtimes whose Web Crypto lacks X25519 or
 * Ed25519, or that run outside a secure context. Loaded only by apps that ask for it.
 */
export const nobleCrypto: ClientCrypto = {
  generateKeyPair: async () => generateKeyPair(),
  deriveSymKey: async (privateKey, peerPublicKey) => deriveSymKey(privateKey, peerPublicKey),
  async sha256(data) {
    assertBytes(data, 'data', 'INVALID_INPUT')
    return sha256(data)
  },
  generateSigningKeyPair: async () => generateSigningKeyPair(),
  signingPublicKey: async (secretKey) => signingPublicKey(secretKey),
  async sign(message, secretKey) {
    assertBytes(message, 'message', 'INVALID_INPUT')
    return ed25519.sign(message, signingSeed(secretKey))
  },
}
