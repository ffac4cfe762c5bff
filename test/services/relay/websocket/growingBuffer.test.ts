import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { GrowingBuffer } from '../../../../services/relay/websocket/growingBuffer.js'

describe('GrowingBuffer', () => {
  it('hands over the pieces appended, joined in order, and starts empty again', () => {
    fc.assert(
      fc.property(
        fc.array(fc.uint8Array({ maxLength: 600 }), { maxLength: 20 }),
        fc.nat(5000),
        (pieces, ceiling) => {
          const buffer = new GrowingBuffer()
          for (const piece of pieces) buffer.append(Buffer.from(piece), ceiling)
          const joined = Buffer.concat(pieces.map((piece) => Buffer.from(piece)))
          expect(buffer.length).toBe(joined.length)
          expect(buffer.take().equals(joined)).toBe(true)
          expect(buffer.length).toBe(0)
          expect(buffer.take()).toHaveLength(0)
        },
      ),
      { numRuns: 300 },
    )
  })
})
