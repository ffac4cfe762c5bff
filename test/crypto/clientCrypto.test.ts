import { ed25519 } from '@noble/curves/ed25519.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  type ClientCrypto,
  CryptoError,
  createWebCrypto,
  randomBytes,
  signRelayJwtWith,
  utf8ToBytes,
} from '../../crypto/index.js'
import {
  deriveSymKey,
  generateKeyPair,
  generateSigningKeyPair,
  nobleCrypto,
  publicKeyFromPrivateKey,
  signingPublicKey,
  signRelayJwt,
  verifyRelayJwt,
} from '../../crypto/noble.js'
import { platformClientCrypto } from '../../crypto/platformCrypto.js'

const code = (expected: string) => expect.objectContaining({ code: expected })
const webCrypto = createWebCrypto()

// Both implementations must agree with the synchronous @noble functions the relay server and tests use,
// so a client on either talks to any peer.
describe.each([
  ['Web Crypto', webCrypto],
  ['noble', nobleCrypto],
] satisfies [string, ClientCrypto][])('client crypto on %s', (_name, crypto) => {
  it('generates X25519 pairs whose halves belong together', async () => {
    const a = await crypto.generateKeyPair()
    const b = await crypto.generateKeyPair()
    expect(a.privateKey).toHaveLength(32)
    expect(a.publicKey).toEqual(publicKeyFromPrivateKey(a.privateKey))
    expect(a.privateKey).not.toEqual(b.privateKey)
  })

  it('derives the session key the official way (X25519, then HKDF-SHA256 with no salt or info)', async () => {
    for (let i = 0; i < 20; i++) {
      const a = generateKeyPair()
      const b = await crypto.generateKeyPair()
      const key = await crypto.deriveSymKey(a.privateKey, b.publicKey)
      expect(key).toEqual(deriveSymKey(a.privateKey, b.publicKey))
      expect(await crypto.deriveSymKey(b.privateKey, a.publicKey)).toEqual(key)
    }
  })

  it('rejects low-order peer keys and keys of the wrong length with INVALID_KEY', async () => {
    const { privateKey, publicKey } = generateKeyPair()
    await expect(crypto.deriveSymKey(privateKey, new Uint8Array(32))).rejects.toThrowError(
      code('INVALID_KEY'),
    )
    const one = Uint8Array.of(1, ...new Uint8Array(31))
    await expect(crypto.deriveSymKey(privateKey, one)).rejects.toThrowError(code('INVALID_KEY'))
    await expect(crypto.deriveSymKey(privateKey.subarray(1), publicKey)).rejects.toThrowError(
      code('INVALID_KEY'),
    )
    await expect(crypto.deriveSymKey(privateKey, new Uint8Array(33))).rejects.toThrowError(
      code('INVALID_KEY'),
    )
  })

  it('hashes with SHA-256, views of larger buffers included', async () => {
    const buffer = randomBytes(1000)
    for (const data of [new Uint8Array(0), utf8ToBytes('abc'), buffer, buffer.subarray(7, 300)]) {
      expect(await crypto.sha256(data)).toEqual(sha256(data))
    }
  })

  it('generates Ed25519 identities and derives the public key of either secret key form', async () => {
    const pair = await crypto.generateSigningKeyPair()
    expect(pair.secretKey).toHaveLength(32)
    expect(pair.publicKey).toEqual(signingPublicKey(pair.secretKey))
    const long = Uint8Array.of(...pair.secretKey, ...pair.publicKey)
    expect(await crypto.signingPublicKey(long)).toEqual(pair.publicKey)
    const corrupted = Uint8Array.of(...pair.secretKey, ...generateSigningKeyPair().publicKey)
    await expect(crypto.signingPublicKey(corrupted)).rejects.toThrowError(code('INVALID_KEY'))
    await expect(crypto.sign(utf8ToBytes('m'), corrupted)).rejects.toThrowError(code('INVALID_KEY'))
    await expect(crypto.signingPublicKey(new Uint8Array(31))).rejects.toThrowError(code('INVALID_KEY'))
  })

  it('signs exactly as RFC 8032 Ed25519 does, so relay tokens are byte-identical to the sync signer', async () => {
    const { secretKey, publicKey } = generateSigningKeyPair()
    const message = randomBytes(100).subarray(3)
    const signature = await crypto.sign(message, secretKey)
    expect(signature).toEqual(ed25519.sign(message, secretKey))
    expect(ed25519.verify(signature, message, publicKey)).toBe(true)
    const params = { secretKey, aud: 'wss://relay.example', sub: 'ab'.repeat(32), iat: 1_700_000_000 }
    const token = await signRelayJwtWith(crypto, params)
    expect(token).toBe(signRelayJwt(params))
    expect(verifyRelayJwt(token, { now: 1_700_000_001 }).publicKey).toEqual(publicKey)
  })
})

describe('Web Crypto key agreement with a key pair it generated', () => {
  function countingPkcs8Imports() {
    const counter = { imports: 0 }
    const subtle = new Proxy(globalThis.crypto.subtle, {
      get: (target, name) => {
        const member = Reflect.get(target, name).bind(target)
        if (name !== 'importKey') return member
        return (format: string, ...rest: unknown[]) => {
          if (format === 'pkcs8') counter.imports++
          return member(format, ...rest)
        }
      },
    })
    return { crypto: createWebCrypto(subtle), counter }
  }

  it('uses the freshly generated key without importing it again, and an older one by importing it', async () => {
    const { crypto, counter } = countingPkcs8Imports()
    const peer = generateKeyPair()
    const first = await crypto.generateKeyPair()
    const key = await crypto.deriveSymKey(first.privateKey, peer.publicKey)
    expect(counter.imports).toBe(0)
    expect(key).toEqual(deriveSymKey(peer.privateKey, first.publicKey))

    for (let i = 0; i < 8; i++) await crypto.generateKeyPair()
    expect(await crypto.deriveSymKey(first.privateKey, peer.publicKey)).toEqual(key)
    expect(counter.imports).toBe(1)
  })
})

describe('Web Crypto without X25519 or Ed25519', () => {
  it('fails every call with UNSUPPORTED, naming nobleCrypto, when there is no crypto.subtle', async () => {
    const bare = createWebCrypto(null)
    const refusal = await bare.generateSigningKeyPair().catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(CryptoError)
    expect(refusal).toMatchObject({ code: 'UNSUPPORTED', message: expect.stringContaining('nobleCrypto') })
    await expect(bare.sha256(new Uint8Array(1))).rejects.toThrowError(code('UNSUPPORTED'))
  })

  it('turns a NotSupportedError from the platform into UNSUPPORTED', async () => {
    const notSupported = () => Promise.reject(new DOMException('Unrecognized name', 'NotSupportedError'))
    const oldBrowser = new Proxy(globalThis.crypto.subtle, {
      get: (target, name) => (name === 'generateKey' ? notSupported : Reflect.get(target, name).bind(target)),
    })
    const crypto = createWebCrypto(oldBrowser)
    await expect(crypto.generateKeyPair()).rejects.toThrowError(code('UNSUPPORTED'))
    expect(await crypto.sha256(new Uint8Array(0))).toEqual(sha256(new Uint8Array(0)))
  })
})

describe('platformClientCrypto', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('keeps Web Crypto where it has both curves', async () => {
    const crypto = await platformClientCrypto()
    expect(crypto).not.toBe(nobleCrypto)
    expect(await crypto.sha256(new Uint8Array(0))).toEqual(sha256(new Uint8Array(0)))
  })

  it('falls back to noble where Web Crypto is missing, as on a plain-http page', async () => {
    const { getRandomValues } = globalThis.crypto
    vi.stubGlobal('crypto', { getRandomValues: getRandomValues.bind(globalThis.crypto) })
    expect(await platformClientCrypto()).toBe(nobleCrypto)
  })
})
