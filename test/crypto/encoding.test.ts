import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  base58btcToBytes,
  base64ToBytes,
  base64urlToBytes,
  bytesToBase58btc,
  bytesToBase64,
  bytesToBase64url,
  bytesToHex,
  bytesToUtf8,
  CryptoError,
  hexToBytes,
  utf8ToBytes,
} from '../../crypto/index.js'

const ascii = (text: string): Uint8Array => new TextEncoder().encode(text)

describe('hex', () => {
  it('encodes lower case and decodes either case', () => {
    expect(bytesToHex(Uint8Array.of(0, 1, 0xab, 0xff))).toBe('0001abff')
    expect(hexToBytes('0001ABff')).toEqual(Uint8Array.of(0, 1, 0xab, 0xff))
    expect(hexToBytes('')).toEqual(new Uint8Array())
  })

  it('rejects odd lengths and non-hex characters with INVALID_ENCODING', () => {
    for (const bad of ['0', 'abc', 'zz', '0x00', ' 0', '０0']) {
      expect(() => hexToBytes(bad)).toThrowError(expect.objectContaining({ code: 'INVALID_ENCODING' }))
    }
  })
})

describe('base64 and base64url', () => {
  // RFC 4648 §10.
  const rfc4648: [string, string][] = [
    ['', ''],
    ['f', 'Zg=='],
    ['fo', 'Zm8='],
    ['foo', 'Zm9v'],
    ['foob', 'Zm9vYg=='],
    ['fooba', 'Zm9vYmE='],
    ['foobar', 'Zm9vYmFy'],
  ]

  it('matches the RFC 4648 vectors, padded for base64 and unpadded for base64url', () => {
    for (const [text, encoded] of rfc4648) {
      expect(bytesToBase64(ascii(text))).toBe(encoded)
      expect(base64ToBytes(encoded)).toEqual(ascii(text))
      expect(bytesToBase64url(ascii(text))).toBe(encoded.replace(/=+$/, ''))
      expect(base64urlToBytes(encoded.replace(/=+$/, ''))).toEqual(ascii(text))
    }
  })

  it('uses +/ for base64 and -_ for base64url and refuses the other alphabet', () => {
    const bytes = Uint8Array.of(0xfb, 0xff, 0xbf)
    expect(bytesToBase64(bytes)).toBe('+/+/')
    expect(bytesToBase64url(bytes)).toBe('-_-_')
    expect(() => base64ToBytes('-_-_')).toThrow(CryptoError)
    expect(() => base64urlToBytes('+/+/')).toThrow(CryptoError)
  })

  it('accepts optional padding only when it completes the last group', () => {
    expect(base64ToBytes('Zg')).toEqual(ascii('f'))
    expect(base64urlToBytes('Zg==')).toEqual(ascii('f'))
    for (const bad of ['Zg=', 'Z===', 'Zm9v=', '=', 'Zg==Zg==', 'Z']) {
      expect(() => base64ToBytes(bad)).toThrowError(expect.objectContaining({ code: 'INVALID_ENCODING' }))
    }
  })

  it('rejects non-canonical trailing bits so each byte string has one encoding', () => {
    expect(() => base64ToBytes('Zh==')).toThrowError(/trailing bits/)
    expect(() => base64urlToBytes('Zm9=')).toThrowError(/trailing bits/)
  })

  it('round-trips arbitrary bytes in both alphabets', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        expect(base64ToBytes(bytesToBase64(bytes))).toEqual(bytes)
        expect(base64urlToBytes(bytesToBase64url(bytes))).toEqual(bytes)
        expect(bytesToBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'))
        expect(bytesToBase64url(bytes)).toBe(Buffer.from(bytes).toString('base64url'))
      }),
    )
  })
})

describe('base58btc', () => {
  it('matches the Bitcoin alphabet vectors, leading zero bytes as leading 1s', () => {
    expect(bytesToBase58btc(ascii('Hello World!'))).toBe('2NEpo7TZRRrLZSi2U')
    expect(bytesToBase58btc(Uint8Array.of(0, 0, 0x28, 0x7f, 0xb4, 0xcd))).toBe('11233QC4')
    expect(base58btcToBytes('11233QC4')).toEqual(Uint8Array.of(0, 0, 0x28, 0x7f, 0xb4, 0xcd))
    expect(bytesToBase58btc(new Uint8Array())).toBe('')
    expect(bytesToBase58btc(new Uint8Array(3))).toBe('111')
  })

  it('rejects characters outside the alphabet (0, O, I, l) with INVALID_ENCODING', () => {
    for (const bad of ['0', 'O', 'I', 'l', 'abc+', ' 2N']) {
      expect(() => base58btcToBytes(bad)).toThrowError(expect.objectContaining({ code: 'INVALID_ENCODING' }))
    }
  })

  it('round-trips arbitrary bytes including leading zeros', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), fc.nat({ max: 4 }), (bytes, zeros) => {
        const input = new Uint8Array(zeros + bytes.length)
        input.set(bytes, zeros)
        expect(base58btcToBytes(bytesToBase58btc(input))).toEqual(input)
      }),
    )
  })
})

describe('utf8', () => {
  it('round-trips any well-formed string, byte order mark included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        expect(bytesToUtf8(utf8ToBytes(text))).toBe(text)
      }),
    )
    expect(bytesToUtf8(utf8ToBytes('\uFEFFbom'))).toBe('\uFEFFbom')
  })

  it('rejects malformed UTF-8 instead of substituting replacement characters', () => {
    for (const bad of [[0xff], [0xc0, 0x80], [0xe2, 0x82], [0xed, 0xa0, 0x80]]) {
      expect(() => bytesToUtf8(Uint8Array.from(bad))).toThrowError(
        expect.objectContaining({ code: 'INVALID_ENCODING' }),
      )
    }
  })
})

describe('argument checks', () => {
  it('reject non-Uint8Array and non-string inputs with CryptoError, not TypeError', () => {
    const junk: unknown[] = [undefined, null, 1, {}, [1, 2], 'ab']
    for (const value of junk) {
      expect(() => bytesToHex(value as Uint8Array)).toThrow(CryptoError)
      expect(() => bytesToBase64(value as Uint8Array)).toThrow(CryptoError)
      expect(() => bytesToBase58btc(value as Uint8Array)).toThrow(CryptoError)
      expect(() => bytesToUtf8(value as Uint8Array)).toThrow(CryptoError)
    }
    for (const value of [undefined, null, 1, {}, ascii('x')]) {
      expect(() => hexToBytes(value as string)).toThrow(CryptoError)
      expect(() => base64ToBytes(value as string)).toThrow(CryptoError)
      expect(() => base64urlToBytes(value as string)).toThrow(CryptoError)
      expect(() => base58btcToBytes(value as string)).toThrow(CryptoError)
      expect(() => utf8ToBytes(value as string)).toThrow(CryptoError)
    }
  })
})
