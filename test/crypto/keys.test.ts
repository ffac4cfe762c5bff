import { describe, expect, it } from 'vitest'
import { randomBytes } from '../../crypto/index.js'
import {
  deriveSymKey,
  generateKeyPair,
  hashKey,
  hashMessage,
  publicKeyFromPrivateKey,
  topicFromSymKey,
} from '../../crypto/noble.js'
import hashVectors from '../vectors/hashes.json' with { type: 'json' }
import keyVectors from '../vectors/keys.json' with { type: 'json' }
import { hex, toHex } from './hex.js'

const invalidKey = expect.objectContaining({ code: 'INVALID_KEY' })

describe('X25519 keys and sym key derivation', () => {
  it.each(keyVectors.vectors)('derives the official public keys, sym key and topic ($topic)', (vector) => {
    expect(toHex(publicKeyFromPrivateKey(hex(vector.privateKeyA)))).toBe(vector.publicKeyA)
    expect(toHex(publicKeyFromPrivateKey(hex(vector.privateKeyB)))).toBe(vector.publicKeyB)
    const fromA = deriveSymKey(hex(vector.privateKeyA), hex(vector.publicKeyB))
    const fromB = deriveSymKey(hex(vector.privateKeyB), hex(vector.publicKeyA))
    expect(toHex(fromA)).toBe(vector.symKey)
    expect(toHex(fromB)).toBe(vector.symKey)
    expect(topicFromSymKey(fromA)).toBe(vector.topic)
  })

  it('generates fresh 32-byte pairs whose public key matches the private key', () => {
    const a = generateKeyPair()
    const b = generateKeyPair()
    expect(a.privateKey).toHaveLength(32)
    expect(a.publicKey).toEqual(publicKeyFromPrivateKey(a.privateKey))
    expect(a.privateKey).not.toEqual(b.privateKey)
    expect(deriveSymKey(a.privateKey, b.publicKey)).toEqual(deriveSymKey(b.privateKey, a.publicKey))
  })

  it('rejects low-order peer keys, whose shared secret anyone can compute', () => {
    const { privateKey } = generateKeyPair()
    expect(() => deriveSymKey(privateKey, new Uint8Array(32))).toThrowError(invalidKey)
    expect(() => deriveSymKey(privateKey, Uint8Array.of(1, ...new Uint8Array(31)))).toThrowError(invalidKey)
  })

  it('rejects keys of the wrong length or type with INVALID_KEY', () => {
    const { privateKey, publicKey } = generateKeyPair()
    expect(() => deriveSymKey(privateKey.subarray(1), publicKey)).toThrowError(invalidKey)
    expect(() => deriveSymKey(privateKey, new Uint8Array(33))).toThrowError(invalidKey)
    expect(() => deriveSymKey(toHex(privateKey) as unknown as Uint8Array, publicKey)).toThrowError(invalidKey)
    expect(() => publicKeyFromPrivateKey(new Uint8Array(31))).toThrowError(invalidKey)
  })
})

describe('topics and hashes', () => {
  it.each(hashVectors.vectors)('hashes messages as the official client does (#$#)', ({ message, hash }) => {
    expect(hashMessage(message)).toBe(hash)
  })

  it('names a topic by sha256 of the raw sym key bytes', () => {
    expect(topicFromSymKey(new Uint8Array(32))).toBe(
      '66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925',
    )
    expect(hashKey(new Uint8Array(32))).toBe(topicFromSymKey(new Uint8Array(32)))
  })

  it('refuses a sym key that is not 32 bytes', () => {
    expect(() => topicFromSymKey(new Uint8Array(16))).toThrowError(invalidKey)
  })

  it('refuses to hash a non-string message', () => {
    expect(() => hashMessage(42 as unknown as string)).toThrowError(
      expect.objectContaining({ code: 'INVALID_INPUT' }),
    )
  })
})

describe('randomBytes', () => {
  it('returns the requested length and rejects negative, fractional or huge lengths', () => {
    expect(randomBytes(0)).toHaveLength(0)
    expect(randomBytes(32)).toHaveLength(32)
    expect(randomBytes(32)).not.toEqual(randomBytes(32))
    for (const bad of [-1, 1.5, Number.NaN, 65_537]) {
      expect(() => randomBytes(bad)).toThrowError(expect.objectContaining({ code: 'INVALID_INPUT' }))
    }
  })
})
