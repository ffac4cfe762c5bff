import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { textFrame } from '../../../services/relay/textFrame.js'

/** The header RFC 6455 §5.2 gives a final, unmasked text frame whose payload is `length` bytes. */
function header(length: number): number[] {
  if (length < 126) return [0x81, length]
  if (length < 65_536) return [0x81, 126, length >> 8, length & 0xff]
  return [0x81, 127, 0, 0, 0, 0, ...[24, 16, 8, 0].map((shift) => (length >>> shift) & 0xff)]
}

describe('textFrame', () => {
  it('puts the length in 7, 16 or 64 bits, each up to its bound, then the text', () => {
    for (const length of [0, 1, 125, 126, 65_535, 65_536, 70_000]) {
      const text = 'x'.repeat(length)
      expect(textFrame(text).equals(Buffer.from([...header(length), ...Buffer.from(text)]))).toBe(true)
    }
  })

  it('counts the length in UTF-8 bytes and carries the UTF-8 text, for any text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' })), (text) => {
        const payload = Buffer.from(text)
        expect(textFrame(text).equals(Buffer.from([...header(payload.length), ...payload]))).toBe(true)
      }),
      { numRuns: 500 },
    )
  })
})
