import { assertBytes } from './assert.js'
import type { ClientCrypto } from './clientCrypto.js'
import { base64urlToBytes, bytesToHex } from './encoding.js'
import { CryptoError } from './errors.js'
import { assertClaimedPublicKey, KEY_LENGTH, splitSecretKey } from './keyPairs.js'

type Curve = { name: 'X25519' | 'Ed25519' }

const X25519: Curve = { name: 'X25519' }
const ED25519: Curve = { name: 'Ed25519' }

// Web Crypto imports a raw private key of these curves only as PKCS #8. The RFC 8410 wrapping of a
// 32-byte key is a fixed 16-byte prefix in which the curve's OID (last byte 0x6e or 0x70) alone differs.
const pkcs8Prefix = (curve: Curve) =>
  Uint8Array.of(48, 46, 2, 1, 0, 48, 5, 6, 3, 43, 101, curve === X25519 ? 110 : 112, 4, 34, 4, 32)

const NO_BYTES = new Uint8Array(0)

// Importing a private key re-parses its PKCS #8 (a millisecond in Node, on every key agreement), yet a
// session's agreement nearly always uses the key pair generated for it moments before. The newest few
// generated X25519 keys stay imported; an older one is imported again, as any stored key is.
const KEPT_GENERATED_KEYS = 8

// Web Crypto takes bytes on an ArrayBuffer of their own; callers may pass views of shared buffers.

/**
 * The client primitives on the platform's Web Crypto: native speed and no curve code in the bundle.
 * X25519 and Ed25519 need Chrome 137, Firefox 130, Safari 17 or Node 20, and a secure context; elsewhere
 * every call fails with UNSUPPORTED, which names the way out.
 */
export function createWebCrypto(
  subtle: SubtleCrypto | null = globalThis.crypto?.subtle ?? null,
): ClientCrypto {
  async function run<T>(what: string, step: (subtle: SubtleCrypto) => Promise<T>): Promise<T> {
    if (subtle === null) throw unsupported(what, 'there is no crypto.subtle, as outside secure contexts')
    try {
      return await step(subtle)
    } catch (cause) {
      if (cause instanceof CryptoError) throw cause
      if (cause instanceof Error && cause.name === 'NotSupportedError') throw unsupported(what, cause.message)
      throw new CryptoError('INVALID_KEY', `${what} failed: ${String(cause)}`, { cause })
    }
  }

  function importPrivate(
    s: SubtleCrypto,
    curve: Curve,
    key: Uint8Array,
    usages: KeyUsage[],
    extractable = false,
  ) {
    const prefix = pkcs8Prefix(curve)
    const pkcs8 = new Uint8Array(prefix.length + KEY_LENGTH)
    pkcs8.set(prefix)
    pkcs8.set(key, prefix.length)
    return s.importKey('pkcs8', pkcs8, curve, extractable, usages)
  }

  const generatedKeys = new Map<string, CryptoKey>()

  function keepGenerated(privateKey: Uint8Array, key: CryptoKey) {
    generatedKeys.set(bytesToHex(privateKey), key)
    const oldest = generatedKeys.keys().next().value
    if (generatedKeys.size > KEPT_GENERATED_KEYS && oldest !== undefined) generatedKeys.delete(oldest)
  }

  function importAgreementKey(s: SubtleCrypto, privateKey: Uint8Array) {
    const kept = generatedKeys.get(bytesToHex(privateKey))
    return kept ?? importPrivate(s, X25519, privateKey, ['deriveBits'])
  }

  function generate(what: string, curve: Curve, usages: KeyUsage[]) {
    return run(what, async (s) => {
      const pair = (await s.generateKey(curve, true, usages)) as CryptoKeyPair
      const pkcs8 = new Uint8Array(await s.exportKey('pkcs8', pair.privateKey))
      const privateKey = pkcs8.slice(-KEY_LENGTH)
      if (curve === X25519) keepGenerated(privateKey, pair.privateKey)
      return { privateKey, publicKey: new Uint8Array(await s.exportKey('raw', pair.publicKey)) }
    })
  }

  // The private key's JWK carries its public key: the one way Web Crypto derives it from a seed.
  async function publicKeyOfSeed(s: SubtleCrypto, seed: Uint8Array): Promise<Uint8Array> {
    const jwk = await s.exportKey('jwk', await importPrivate(s, ED25519, seed, ['sign'], true))
    return base64urlToBytes(jwk.x ?? '')
  }

  return {
    generateKeyPair: () => generate('X25519 key generation', X25519, ['deriveBits']),

    async deriveSymKey(privateKey, peerPublicKey) {
      assertBytes(privateKey, 'privateKey', 'INVALID_KEY', [KEY_LENGTH])
      assertBytes(peerPublicKey, 'peerPublicKey', 'INVALID_KEY', [KEY_LENGTH])
      return run('X25519 key agreement', async (s) => {
        const own = await importAgreementKey(s, privateKey)
        const peer = await s.importKey('raw', new Uint8Array(peerPublicKey), X25519, true, [])
        const shared = new Uint8Array(await s.deriveBits({ name: 'X25519', public: peer }, own, 256))
        // A low-order peer key yields an all-zero secret that anyone could compute.
        if (shared.every((byte) => byte === 0)) {
          throw new CryptoError('INVALID_KEY', 'peerPublicKey is a low-order point')
        }
        const material = await s.importKey('raw', shared, 'HKDF', false, ['deriveBits'])
        const hkdf = { name: 'HKDF', hash: 'SHA-256', salt: NO_BYTES, info: NO_BYTES }
        return new Uint8Array(await s.deriveBits(hkdf, material, 8 * KEY_LENGTH))
      })
    },

    async sha256(data) {
      assertBytes(data, 'data', 'INVALID_INPUT')
      return run('SHA-256', async (s) => new Uint8Array(await s.digest('SHA-256', new Uint8Array(data))))
    },

    async generateSigningKeyPair() {
      const { privateKey, publicKey } = await generate('Ed25519 key generation', ED25519, ['sign', 'verify'])
      return { secretKey: privateKey, publicKey }
    },

    async signingPublicKey(secretKey) {
      const { seed, claimedPublicKey } = splitSecretKey(secretKey)
      const publicKey = await run('Ed25519 public key', (s) => publicKeyOfSeed(s, seed))
      assertClaimedPublicKey(publicKey, claimedPublicKey)
      return publicKey
    },

    async sign(message, secretKey) {
      assertBytes(message, 'message', 'INVALID_INPUT')
      const { seed, claimedPublicKey } = splitSecretKey(secretKey)
      return run('Ed25519 signing', async (s) => {
        if (claimedPublicKey !== undefined) {
          assertClaimedPublicKey(await publicKeyOfSeed(s, seed), claimedPublicKey)
        }
        const key = await importPrivate(s, ED25519, seed, ['sign'])
        return new Uint8Array(await s.sign(ED25519, key, new Uint8Array(message)))
      })
    },
  }
}

function unsupported(what: string, detail: string): CryptoError {
  return new CryptoError(
    'UNSUPPORTED',
    `${what} is not available in this runtime's Web Crypto (${detail}); pass \`crypto: nobleCrypto\` from '@pairwise/crypto/noble'`,
  )
}
