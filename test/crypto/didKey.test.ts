import { describe, expect, it } from 'vitest'
import { encodeDidKey } from '../../crypto/index.js'
import { decodeDidKey, generateSigningKeyPair, signingPublicKey } from '../../crypto/noble.js'
import didVectors from '../vectors/didKey.json' with { type: 'json' }
import { hex, toHex } from './hex.js'

const invalidDid = expect.objectContaining({ code: 'INVALID_DID' })

describe('did:key', () => {
  it.each(didVectors.vectors)('matches the official encodeIss both ways ($did)', ({ publicKey, did }) => {
    expect(encodeDidKey(hex(publicKey))).toBe(did)
    expect(toHex(decodeDidKey(did))).toBe(publicKey)
  })

  it('round-trips freshly generated signing keys, whose did starts with z6Mk', () => {
    const { secretKey, publicKey } = generateSigningKeyPair()
    expect(signingPublicKey(secretKey)).toEqual(publicKey)
    const did = encodeDidKey(publicKey)
    expect(did.startsWith('did:key:z6Mk')).toBe(true)
    expect(decodeDidKey(did)).toEqual(publicKey)
  })

  it('rejects other methods, other multicodecs, wrong lengths and bad base58 with INVALID_DID', () => {
    const did = encodeDidKey(generateSigningKeyPair().publicKey)
    const body = did.slice('did:key:z'.length)
    const bad = [
      '',
      'did:web:example.com',
      `did:key:f${body}`,
      `did:key:z${body}1`,
      `did:key:z1${body}`,
      `did:key:z${body.slice(0, -1)}`,
      'did:key:z6LSbysY2xFMRpGMhb7tFTLMpeuPRaqaWM1yECx2AtzE3KCc',
      `did:key:z${body.slice(0, -1)}0`,
      `did:key:z${'2'.repeat(500)}`,
    ]
    for (const value of bad) expect(() => decodeDidKey(value)).toThrowError(invalidDid)
    expect(() => decodeDidKey(undefined as unknown as string)).toThrowError(invalidDid)
  })

  it('rejects 32 bytes that are not a point on the curve', () => {
    const notAPoint = hex('0200000000000000000000000000000000000000000000000000000000000000')
    const did = encodeDidKey(notAPoint)
    expect(() => decodeDidKey(did)).toThrowError(invalidDid)
  })

  it('rejects small-order points such as the identity, under which any signature can be forged', () => {
    const identity = hex('0100000000000000000000000000000000000000000000000000000000000000')
    expect(() => decodeDidKey(encodeDidKey(identity))).toThrowError(invalidDid)
  })

  it('refuses to encode a key that is not 32 bytes', () => {
    expect(() => encodeDidKey(new Uint8Array(33))).toThrowError(
      expect.objectContaining({ code: 'INVALID_KEY' }),
    )
  })
})
