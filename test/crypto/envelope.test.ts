import { describe, expect, it } from 'vitest'
import {
  CryptoError,
  decodeEnvelope,
  type EnvelopeEncoding,
  type EnvelopeType,
  encodeEnvelope,
  envelopeType,
  inspectEnvelope,
  randomBytes,
} from '../../crypto/index.js'
import { generateKeyPair } from '../../crypto/noble.js'
import envelopeVectors from '../vectors/envelopes.json' with { type: 'json' }
import { hex, toHex } from './hex.js'

type Vector = {
  type: number
  encoding: string
  message: string
  encoded: string
  symKey?: string
  iv?: string
  senderPublicKey?: string
}

function asType(type: number): EnvelopeType {
  if (type === 0 || type === 1 || type === 2) return type
  throw new Error(`vector has unknown type ${type}`)
}

function asEncoding(encoding: string): EnvelopeEncoding {
  if (encoding === 'base64' || encoding === 'base64url') return encoding
  throw new Error(`vector has unknown encoding ${encoding}`)
}

const vectors: Vector[] = envelopeVectors.vectors
const symKey = randomBytes(32)
const code = (value: string) => expect.objectContaining({ code: value })

describe('envelopes against the official vectors', () => {
  it.each(
    vectors,
  )('encodes byte-identically to the official client (type $type, $encoding, #$#)', (vector) => {
    const encoded = encodeEnvelope({
      type: asType(vector.type),
      message: vector.message,
      encoding: asEncoding(vector.encoding),
      ...(vector.symKey === undefined ? {} : { symKey: hex(vector.symKey) }),
      ...(vector.iv === undefined ? {} : { iv: hex(vector.iv) }),
      ...(vector.senderPublicKey === undefined ? {} : { senderPublicKey: hex(vector.senderPublicKey) }),
    })
    expect(encoded).toBe(vector.encoded)
  })

  it.each(vectors)('decodes what the official client encoded (type $type, $encoding, #$#)', (vector) => {
    const decoded = decodeEnvelope({
      encoded: vector.encoded,
      encoding: asEncoding(vector.encoding),
      ...(vector.symKey === undefined ? {} : { symKey: hex(vector.symKey) }),
    })
    expect(decoded.type).toBe(vector.type)
    expect(decoded.message).toBe(vector.message)
    expect(decoded.senderPublicKey && toHex(decoded.senderPublicKey)).toBe(vector.senderPublicKey)
    expect(envelopeType(vector.encoded, asEncoding(vector.encoding))).toBe(vector.type)
  })
})

describe('envelope round trips', () => {
  it('opens type 0 with the same key and gives each message a fresh IV', () => {
    const first = encodeEnvelope({ type: 0, message: 'hi', symKey })
    const second = encodeEnvelope({ type: 0, message: 'hi', symKey })
    expect(first).not.toBe(second)
    expect(decodeEnvelope({ encoded: first, symKey })).toEqual({ type: 0, message: 'hi' })
  })

  it('carries the sender key in type 1, readable before decryption', () => {
    const sender = generateKeyPair()
    const encoded = encodeEnvelope({
      type: 1,
      message: '{"a":1}',
      symKey,
      senderPublicKey: sender.publicKey,
      encoding: 'base64url',
    })
    expect(inspectEnvelope(encoded, 'base64url')).toEqual({ type: 1, senderPublicKey: sender.publicKey })
    expect(decodeEnvelope({ encoded, symKey, encoding: 'base64url' })).toEqual({
      type: 1,
      message: '{"a":1}',
      senderPublicKey: sender.publicKey,
    })
  })

  it('decodes type 2 without a key, even when one is offered', () => {
    const encoded = encodeEnvelope({ type: 2, message: 'plain', encoding: 'base64url' })
    expect(decodeEnvelope({ encoded, encoding: 'base64url' })).toEqual({ type: 2, message: 'plain' })
    expect(decodeEnvelope({ encoded, encoding: 'base64url', symKey })).toEqual({ type: 2, message: 'plain' })
  })
})

describe('envelope failures', () => {
  const sealed = encodeEnvelope({ type: 0, message: 'secret', symKey })

  it('reports a wrong key as DECRYPT_FAILED', () => {
    expect(() => decodeEnvelope({ encoded: sealed, symKey: randomBytes(32) })).toThrowError(
      code('DECRYPT_FAILED'),
    )
  })

  it('reports any flipped bit in IV, ciphertext or tag as DECRYPT_FAILED', () => {
    const bytes = Buffer.from(sealed, 'base64')
    for (let i = 1; i < bytes.length; i++) {
      const tampered = Buffer.from(bytes)
      tampered[i] = (tampered[i] ?? 0) ^ 1
      expect(() => decodeEnvelope({ encoded: tampered.toString('base64'), symKey })).toThrowError(
        code('DECRYPT_FAILED'),
      )
    }
  })

  it('reports truncated envelopes, unknown types and bad base64 as INVALID_ENVELOPE', () => {
    const bytes = Buffer.from(sealed, 'base64')
    const truncated = bytes.subarray(0, 28).toString('base64')
    const typeOneTooShort = Buffer.concat([Buffer.of(1), bytes.subarray(1, 60)]).toString('base64')
    const unknownType = Buffer.concat([Buffer.of(3), bytes.subarray(1)]).toString('base64')
    for (const encoded of [truncated, typeOneTooShort, unknownType, '', 'not base64!', sealed.slice(1)]) {
      expect(() => decodeEnvelope({ encoded, symKey })).toThrowError(code('INVALID_ENVELOPE'))
    }
  })

  it('refuses a base64url envelope read as base64 and vice versa', () => {
    const link = vectors.find((vector) => vector.encoding === 'base64url' && /[-_]/.test(vector.encoded))
    const relayed = vectors.find((vector) => vector.encoding === 'base64' && /[+/]/.test(vector.encoded))
    expect(link && relayed).toBeDefined()
    expect(() => decodeEnvelope({ encoded: link?.encoded ?? '', symKey })).toThrowError(
      code('INVALID_ENVELOPE'),
    )
    expect(() =>
      decodeEnvelope({ encoded: relayed?.encoded ?? '', symKey, encoding: 'base64url' }),
    ).toThrowError(code('INVALID_ENVELOPE'))
  })

  it('asks for a key when a sealed envelope comes without one', () => {
    expect(() => decodeEnvelope({ encoded: sealed })).toThrowError(code('INVALID_KEY'))
  })

  it('rejects encoding mistakes up front: missing key, stray key on type 2, wrong IV length, bad type', () => {
    expect(() => encodeEnvelope({ type: 0, message: 'x' })).toThrowError(code('INVALID_KEY'))
    expect(() => encodeEnvelope({ type: 1, message: 'x', symKey })).toThrowError(code('INVALID_KEY'))
    expect(() => encodeEnvelope({ type: 2, message: 'x', symKey })).toThrowError(code('INVALID_INPUT'))
    expect(() =>
      encodeEnvelope({ type: 0, message: 'x', symKey, senderPublicKey: randomBytes(32) }),
    ).toThrowError(code('INVALID_INPUT'))
    expect(() => encodeEnvelope({ type: 0, message: 'x', symKey, iv: randomBytes(16) })).toThrowError(
      code('INVALID_INPUT'),
    )
    expect(() => encodeEnvelope({ type: 3 as EnvelopeType, message: 'x', symKey })).toThrowError(
      code('INVALID_INPUT'),
    )
    expect(() =>
      encodeEnvelope({ type: 0, message: 'x', symKey, encoding: 'hex' as EnvelopeEncoding }),
    ).toThrowError(code('INVALID_INPUT'))
    expect(() => encodeEnvelope(null as unknown as { type: 0; message: string })).toThrow(CryptoError)
  })
})
