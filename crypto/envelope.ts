import { ChaCha20Poly1305 } from '@stablelib/chacha20poly1305'
import { assertBytes, assertRecord, assertString } from './assert.js'
import {
  base64ToBytes,
  base64urlToBytes,
  bytesToBase64,
  bytesToBase64url,
  bytesToUtf8,
  utf8ToBytes,
} from './encoding.js'
import { CryptoError } from './errors.js'
import { KEY_LENGTH } from './keyPairs.js'
import { randomBytes } from './random.js'

/**
 * 0: sealed with the topic's sym key. 1: sealed, carrying the sender's X25519 public key so the receiver
 * can derive the key (authenticate responses). 2: plaintext, for link mode only.
 */
export type EnvelopeType = 0 | 1 | 2

/** base64 (padded) on the relay, base64url (unpadded) inside links. */
export type EnvelopeEncoding = 'base64' | 'base64url'

export type EncodeEnvelopeParams = {
  type: EnvelopeType
  message: string
  symKey?: Uint8Array
  senderPublicKey?: Uint8Array
  /** Fixed IV for reproducible vectors only; leave unset so every message gets a fresh random one. */
  iv?: Uint8Array
  encoding?: EnvelopeEncoding
}

export type DecodeEnvelopeParams = {
  encoded: string
  symKey?: Uint8Array
  encoding?: EnvelopeEncoding
}

export type DecodedEnvelope = {
  type: EnvelopeType
  message: string
  senderPublicKey?: Uint8Array
}

export type EnvelopeHeader = {
  type: EnvelopeType
  senderPublicKey?: Uint8Array
}

const IV_LENGTH = 12
const TAG_LENGTH = 16

function checkEncoding(encoding: unknown): EnvelopeEncoding {
  if (encoding === undefined) return 'base64'
  if (encoding === 'base64' || encoding === 'base64url') return encoding
  throw new CryptoError('INVALID_INPUT', `encoding must be 'base64' or 'base64url', got ${String(encoding)}`)
}

function checkType(type: unknown): EnvelopeType {
  if (type === 0 || type === 1 || type === 2) return type
  throw new CryptoError('INVALID_INPUT', `envelope type must be 0, 1 or 2, got ${String(type)}`)
}

function seal(symKey: Uint8Array, iv: Uint8Array, message: string): Uint8Array {
  return new ChaCha20Poly1305(symKey).seal(iv, utf8ToBytes(message))
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}

export function encodeEnvelope(params: EncodeEnvelopeParams): string {
  assertRecord(params, 'params')
  const type = checkType(params.type)
  const encoding = checkEncoding(params.encoding)
  assertString(params.message, 'message', 'INVALID_INPUT')
  const { message, symKey, senderPublicKey, iv } = params
  let bytes: Uint8Array
  if (type === 2) {
    // A plaintext envelope that was handed a key signals a caller who expected encryption.
    if (symKey !== undefined || senderPublicKey !== undefined || iv !== undefined) {
      throw new CryptoError(
        'INVALID_INPUT',
        'a type 2 envelope is plaintext; symKey, senderPublicKey and iv must be unset',
      )
    }
    bytes = concat(Uint8Array.of(2), utf8ToBytes(message))
  } else {
    assertBytes(symKey, 'symKey', 'INVALID_KEY', [KEY_LENGTH])
    const nonce = iv ?? randomBytes(IV_LENGTH)
    assertBytes(nonce, 'iv', 'INVALID_INPUT', [IV_LENGTH])
    if (type === 1) {
      assertBytes(senderPublicKey, 'senderPublicKey', 'INVALID_KEY', [KEY_LENGTH])
      bytes = concat(Uint8Array.of(1), senderPublicKey, nonce, seal(symKey, nonce, message))
    } else {
      if (senderPublicKey !== undefined) {
        throw new CryptoError('INVALID_INPUT', 'a type 0 envelope carries no senderPublicKey')
      }
      bytes = concat(Uint8Array.of(0), nonce, seal(symKey, nonce, message))
    }
  }
  return encoding === 'base64' ? bytesToBase64(bytes) : bytesToBase64url(bytes)
}

function toBytes(encoded: unknown, encoding: EnvelopeEncoding): Uint8Array {
  assertString(encoded, 'encoded envelope', 'INVALID_ENVELOPE')
  try {
    return encoding === 'base64' ? base64ToBytes(encoded) : base64urlToBytes(encoded)
  } catch (cause) {
    throw new CryptoError('INVALID_ENVELOPE', `envelope is not valid ${encoding}`, { cause })
  }
}

type ParsedEnvelope =
  | { type: 0; iv: Uint8Array; sealed: Uint8Array }
  | { type: 1; senderPublicKey: Uint8Array; iv: Uint8Array; sealed: Uint8Array }
  | { type: 2; plaintext: Uint8Array }

function parse(bytes: Uint8Array): ParsedEnvelope {
  const type = bytes[0]
  if (type === 2) return { type, plaintext: bytes.subarray(1) }
  if (type !== 0 && type !== 1) {
    throw new CryptoError(
      'INVALID_ENVELOPE',
      type === undefined ? 'envelope is empty' : `unknown envelope type ${type}`,
    )
  }
  // A type 1 envelope carries the sender's public key between the type byte and the IV.
  const ivStart = 1 + type * KEY_LENGTH
  if (bytes.length < ivStart + IV_LENGTH + TAG_LENGTH) {
    throw new CryptoError('INVALID_ENVELOPE', `type ${type} envelope is too short (${bytes.length} bytes)`)
  }
  const iv = bytes.subarray(ivStart, ivStart + IV_LENGTH)
  const sealed = bytes.subarray(ivStart + IV_LENGTH)
  return type === 1 ? { type, senderPublicKey: bytes.slice(1, ivStart), iv, sealed } : { type, iv, sealed }
}

/**
 * Type and (for type 1) sender key, read without decrypting: a type 1 receiver needs the sender's key to
 * derive the sym key before it can open the envelope.
 */
export function inspectEnvelope(encoded: string, encoding?: EnvelopeEncoding): EnvelopeHeader {
  const parsed = parse(toBytes(encoded, checkEncoding(encoding)))
  return parsed.type === 1 ? { type: 1, senderPublicKey: parsed.senderPublicKey } : { type: parsed.type }
}

export function envelopeType(encoded: string, encoding?: EnvelopeEncoding): EnvelopeType {
  return inspectEnvelope(encoded, encoding).type
}

export function decodeEnvelope(params: DecodeEnvelopeParams): DecodedEnvelope {
  assertRecord(params, 'params')
  const parsed = parse(toBytes(params.encoded, checkEncoding(params.encoding)))
  if (parsed.type === 2) return { type: 2, message: bytesToUtf8(parsed.plaintext) }
  const { symKey } = params
  if (symKey === undefined) {
    throw new CryptoError('INVALID_KEY', `symKey is required to open a type ${parsed.type} envelope`)
  }
  assertBytes(symKey, 'symKey', 'INVALID_KEY', [KEY_LENGTH])
  const opened = new ChaCha20Poly1305(symKey).open(parsed.iv, parsed.sealed)
  if (opened === null) {
    throw new CryptoError('DECRYPT_FAILED', 'envelope failed authentication (wrong key or tampered)')
  }
  const message = bytesToUtf8(opened)
  return parsed.type === 1
    ? { type: 1, message, senderPublicKey: parsed.senderPublicKey }
    : { type: 0, message }
}
