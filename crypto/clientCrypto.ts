import type { KeyPair, SigningKeyPair } from './keyPairs.js'

/**
 * The asymmetric primitives and the hash a WalletConnect client runs, asynchronous so the platform's Web
 * Crypto can provide them (`createWebCrypto`) and an app need not ship curve code; `nobleCrypto` is the
 * pure-JavaScript stand-in for runtimes whose Web Crypto lacks X25519 or Ed25519.
 */
export type ClientCrypto = {
  /** A fresh X25519 key pair. */
  generateKeyPair(): Promise<KeyPair>
  /** HKDF-SHA256 over the X25519 shared secret, no salt and no info, 32 bytes: the official derivation. */
  deriveSymKey(privateKey: Uint8Array, peerPublicKey: Uint8Array): Promise<Uint8Array>
  sha256(data: Uint8Array): Promise<Uint8Array>
  /** A fresh Ed25519 key pair; the secret key is the 32-byte seed. */
  generateSigningKeyPair(): Promise<SigningKeyPair>
  /** Accepts the 32-byte seed or the 64-byte seed ‖ public key form, whose public half must match. */
  signingPublicKey(secretKey: Uint8Array): Promise<Uint8Array>
  /** An Ed25519 signature (RFC 8032, deterministic) by either secret key form. */
  sign(message: Uint8Array, secretKey: Uint8Array): Promise<Uint8Array>
}
