import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { sha256Hex } from '../../../relay/core/sha256Hex.js'

describe('sha256Hex', () => {
  it('hashes the known vector', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
  })

  it('gives the JavaScript hash of the UTF-8 bytes for any text, lone surrogates included', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' }), fc.string()),
        (text) => {
          expect(sha256Hex(text)).toBe(bytesToHex(sha256(utf8ToBytes(text))))
        },
      ),
      { numRuns: 2000 },
    )
  })
})
