import { assertBytes, assertString } from './assert.js'
import { CryptoError } from './errors.js'

// Browsers and Node both run this layer, so no Buffer: small codecs over Uint8Array. Decoders are strict
// (no stray characters, no non-zero trailing bits) so that one byte string has exactly one text form;
// that keeps signatures and hashes over encoded text free of malleability.

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
const BASE64URL_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
const BASE58BTC_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

export function bytesToHex(bytes: Uint8Array): string {
  assertBytes(bytes, 'bytes', 'INVALID_INPUT')
  let out = ''
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0')
  return out
}

/** Accepts either letter case; WalletConnect writes lower case but URIs pass through user hands. */
export function hexToBytes(hex: string): Uint8Array {
  assertString(hex, 'hex', 'INVALID_ENCODING')
  if (hex.length % 2 !== 0) {
    throw new CryptoError('INVALID_ENCODING', `hex must have an even length, got ${hex.length}`)
  }
  // Without the `u` flag, `i` folds no non-ASCII character onto a hex digit.
  const bad = hex.search(/[^\da-f]/i)
  if (bad >= 0) {
    throw new CryptoError('INVALID_ENCODING', `hex has a non-hex character near index ${bad - (bad % 2)}`)
  }
  const out = new Uint8Array(hex.length / 2)
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16)
  return out
}

function encodeBase64Family(bytes: Uint8Array, alphabet: string, pad: boolean): string {
  let out = ''
  let buffer = 0
  let bits = 0
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte
    bits += 8
    while (bits >= 6) {
      bits -= 6
      out += alphabet.charAt((buffer >>> bits) & 63)
    }
  }
  if (bits > 0) out += alphabet.charAt((buffer << (6 - bits)) & 63)
  return pad ? out.padEnd(Math.ceil(out.length / 4) * 4, '=') : out
}

function sextet(code: number, code62: number, code63: number): number {
  if (code >= 65 && code <= 90) return code - 65
  if (code >= 97 && code <= 122) return code - 71
  if (code >= 48 && code <= 57) return code + 4
  if (code === code62) return 62
  if (code === code63) return 63
  return -1
}

/** Padding is optional on input; when present it must complete the last quantum. */
function decodeBase64Family(text: string, alphabet: string, name: string): Uint8Array {
  assertString(text, name, 'INVALID_ENCODING')
  let padding = 0
  while (padding < 2 && text.charCodeAt(text.length - 1 - padding) === 61) padding++
  if (padding > 0 && text.length % 4 !== 0) {
    throw new CryptoError('INVALID_ENCODING', `${name} padding does not complete a 4-character group`)
  }
  const length = text.length - padding
  if (length % 4 === 1) {
    throw new CryptoError('INVALID_ENCODING', `${name} length ${length} cannot encode whole bytes`)
  }
  const code62 = alphabet.charCodeAt(62)
  const code63 = alphabet.charCodeAt(63)
  const out = new Uint8Array(Math.floor((length * 3) / 4))
  let buffer = 0
  let bits = 0
  let o = 0
  for (let i = 0; i < length; i++) {
    const value = sextet(text.charCodeAt(i), code62, code63)
    if (value < 0) {
      throw new CryptoError('INVALID_ENCODING', `${name} has an invalid character at index ${i}`)
    }
    buffer = ((buffer << 6) | value) & 0xfff
    bits += 6
    if (bits >= 8) {
      bits -= 8
      out[o++] = (buffer >>> bits) & 0xff
    }
  }
  if ((buffer & ((1 << bits) - 1)) !== 0) {
    throw new CryptoError('INVALID_ENCODING', `${name} has non-zero trailing bits (not canonical)`)
  }
  return out
}

/** Standard alphabet with `=` padding, the form envelopes take on the relay. */
export function bytesToBase64(bytes: Uint8Array): string {
  assertBytes(bytes, 'bytes', 'INVALID_INPUT')
  return encodeBase64Family(bytes, BASE64_ALPHABET, true)
}

export function base64ToBytes(text: string): Uint8Array {
  return decodeBase64Family(text, BASE64_ALPHABET, 'base64')
}

/** URL-safe alphabet without padding, the form of JWT segments and link-mode envelopes. */
export function bytesToBase64url(bytes: Uint8Array): string {
  assertBytes(bytes, 'bytes', 'INVALID_INPUT')
  return encodeBase64Family(bytes, BASE64URL_ALPHABET, false)
}

export function base64urlToBytes(text: string): Uint8Array {
  return decodeBase64Family(text, BASE64URL_ALPHABET, 'base64url')
}

/** Quadratic in the input length; fine for keys and identifiers, which is all it is used for. */
export function bytesToBase58btc(bytes: Uint8Array): string {
  assertBytes(bytes, 'bytes', 'INVALID_INPUT')
  let zeros = 0
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++
  const digits: number[] = []
  for (let i = zeros; i < bytes.length; i++) {
    let carry = bytes[i]!
    for (let j = 0; j < digits.length; j++) {
      carry += digits[j]! << 8
      digits[j] = carry % 58
      carry = Math.floor(carry / 58)
    }
    while (carry > 0) {
      digits.push(carry % 58)
      carry = Math.floor(carry / 58)
    }
  }
  let out = '1'.repeat(zeros)
  for (let j = digits.length - 1; j >= 0; j--) out += BASE58BTC_ALPHABET.charAt(digits[j]!)
  return out
}

export function base58btcToBytes(text: string): Uint8Array {
  assertString(text, 'base58btc', 'INVALID_ENCODING')
  let zeros = 0
  while (zeros < text.length && text.charCodeAt(zeros) === 49) zeros++
  const bytes: number[] = []
  for (let i = zeros; i < text.length; i++) {
    let carry = BASE58BTC_ALPHABET.indexOf(text.charAt(i))
    if (carry < 0) {
      throw new CryptoError('INVALID_ENCODING', `base58btc has an invalid character at index ${i}`)
    }
    for (let j = 0; j < bytes.length; j++) {
      carry += bytes[j]! * 58
      bytes[j] = carry & 0xff
      carry >>>= 8
    }
    while (carry > 0) {
      bytes.push(carry & 0xff)
      carry >>>= 8
    }
  }
  const out = new Uint8Array(zeros + bytes.length)
  for (let j = 0; j < bytes.length; j++) out[out.length - 1 - j] = bytes[j]!
  return out
}

export function utf8ToBytes(text: string): Uint8Array {
  assertString(text, 'text', 'INVALID_INPUT')
  return new TextEncoder().encode(text)
}

/** Rejects malformed UTF-8 instead of substituting U+FFFD, so decoded text is exactly what was sent. */
export function bytesToUtf8(bytes: Uint8Array): string {
  assertBytes(bytes, 'bytes', 'INVALID_INPUT')
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes)
  } catch (cause) {
    throw new CryptoError('INVALID_ENCODING', 'bytes are not valid UTF-8', { cause })
  }
}
