import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { closePayload, controlFrame, Opcode, textFrame } from '../../../../services/relay/websocket/frames.js'

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

describe('controlFrame', () => {
  it('writes a final, unmasked ping, pong or close frame with its payload, and refuses one over 125 bytes', () => {
    expect([...controlFrame(Opcode.pong, Buffer.from('abc'))]).toEqual([0x8a, 3, 0x61, 0x62, 0x63])
    expect([...controlFrame(Opcode.ping, Buffer.alloc(0))]).toEqual([0x89, 0])
    expect(controlFrame(Opcode.close, Buffer.alloc(125))).toHaveLength(127)
    expect(() => controlFrame(Opcode.close, Buffer.alloc(126))).toThrow(RangeError)
  })
})

describe('closePayload', () => {
  it('is the code in two bytes, then the reason', () => {
    expect([...closePayload(4011, 'ok')]).toEqual([0x0f, 0xab, 0x6f, 0x6b])
  })

  it('cuts a long reason to 123 bytes between characters, so the payload stays valid UTF-8 within 125', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 40, maxLength: 200 }), (reason) => {
        const payload = closePayload(1000, reason)
        expect(payload.length).toBeLessThanOrEqual(125)
        const kept = payload.subarray(2).toString('utf8')
        expect(Buffer.from(kept).equals(payload.subarray(2))).toBe(true)
        expect(reason.startsWith(kept)).toBe(true)
        // At most the 3 first bytes of a 4-byte character are dropped past the 123rd byte.
        expect(Buffer.byteLength(kept)).toBeGreaterThanOrEqual(Math.min(Buffer.byteLength(reason), 120))
      }),
      { numRuns: 300 },
    )
  })
})
