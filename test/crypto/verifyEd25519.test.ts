import { ed25519 } from '@noble/curves/ed25519.js'
import { describe, expect, it } from 'vitest'
import { verifyEd25519 } from '../../crypto/index.js'
import { loadNobleFallback } from '../../crypto/nobleFallback.js'
import { platformClientCrypto } from '../../crypto/platformCrypto.js'

const message = new TextEncoder().encode('example.com wants you to sign in')
const { secretKey, publicKey } = ed25519.keygen()
const signature = ed25519.sign(message, secretKey)

/** A Web Crypto from before the curves: Ed25519 is an unknown algorithm to it. */
const subtleWithoutEd25519 = {
  importKey: async () => {
    throw new DOMException('Unrecognized name', 'NotSupportedError')
  },
} as unknown as SubtleCrypto

describe('verifyEd25519', () => {
  it.each([
    ['the platform’s Web Crypto', globalThis.crypto.subtle],
    ['@noble/curves, on a Web Crypto without Ed25519', subtleWithoutEd25519],
    ['@noble/curves, with no Web Crypto at all', null],
  ])('accepts the signer’s signature and nothing else, on %s', async (_, subtle) => {
    expect(await verifyEd25519(message, signature, publicKey, subtle)).toBe(true)
    const tampered = signature.slice()
    tampered[0] = (tampered[0] ?? 0) ^ 1
    expect(await verifyEd25519(message, tampered, publicKey, subtle)).toBe(false)
    expect(await verifyEd25519(message.subarray(1), signature, publicKey, subtle)).toBe(false)
    expect(await verifyEd25519(message, signature, ed25519.keygen().publicKey, subtle)).toBe(false)
    expect(await verifyEd25519(message, signature.subarray(1), publicKey, subtle)).toBe(false)
    expect(await verifyEd25519(message, signature, publicKey.subarray(1), subtle)).toBe(false)
  })

  it.each([
    ['the platform’s Web Crypto', globalThis.crypto.subtle],
    ['@noble/curves, on a Web Crypto without Ed25519', subtleWithoutEd25519],
    ['@noble/curves, with no Web Crypto at all', null],
  ])('refuses a small-order public key, under which a signature can be made up for any message, on %s', async (_, subtle) => {
    // The identity point: R = B and S = 1 satisfy [S]B = R + [k]A whatever the message, without any key.
    const identity = new Uint8Array(32)
    identity[0] = 1
    const madeUp = new Uint8Array(64)
    madeUp.set(ed25519.Point.BASE.toBytes())
    madeUp[32] = 1
    expect(await verifyEd25519(message, madeUp, identity, subtle)).toBe(false)
    expect(await verifyEd25519(message.subarray(1), madeUp, identity, subtle)).toBe(false)
  })

  it('says false, not a throw, for 32 bytes that are no public key', async () => {
    const notAPoint = new Uint8Array(32)
    notAPoint[0] = 2
    expect(await verifyEd25519(message, signature, notAPoint)).toBe(false)
    expect(await verifyEd25519(message, signature, notAPoint, null)).toBe(false)
  })
})

describe('the pure-JavaScript fallback', () => {
  it('names its optional peer and the fix when @noble/curves cannot be loaded', async () => {
    const missing = () => Promise.reject(new Error("Cannot find package '@noble/curves'"))
    await expect(loadNobleFallback('Ed25519 verification', missing)).rejects.toThrowError(
      expect.objectContaining({
        code: 'UNSUPPORTED',
        message: expect.stringContaining('install @noble/curves, the optional peer'),
      }),
    )
  })

  it('is not what Node 20 gets: its Web Crypto has X25519 and Ed25519', async () => {
    const crypto = await platformClientCrypto()
    const { nobleCrypto } = await import('../../crypto/nobleCrypto.js')
    expect(crypto).not.toBe(nobleCrypto)
  })
})
