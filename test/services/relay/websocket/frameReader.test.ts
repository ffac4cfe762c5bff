import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { FrameReader, WebSocketFailure } from '../../../../services/relay/websocket/frameReader.js'
import { Opcode } from '../../../../services/relay/websocket/frames.js'
import { frame } from '../../../security/support/rawExchange.js'

type Event =
  | { message: string }
  | { ping: string }
  | { pong: true }
  | { close: number | undefined; reason: string }

const MAX = 1000

function reader(max = MAX): { reader: FrameReader; events: Event[] } {
  const events: Event[] = []
  return {
    events,
    reader: new FrameReader(
      { maxMessageBytes: max, messageTimeoutMs: 30_000 },
      {
        message: (text) => events.push({ message: text }),
        ping: (payload) => events.push({ ping: payload.toString() }),
        pong: () => events.push({ pong: true }),
        close: (code, reason) => events.push({ close: code, reason }),
      },
    ),
  }
}

/** Feeds `bytes` cut at `cuts` (offsets), each chunk a copy of its own as a socket gives them. */
function feed(target: FrameReader, bytes: Buffer, cuts: number[] = []): void {
  const points = [0, ...[...new Set(cuts)].filter((at) => at > 0 && at < bytes.length).sort((a, b) => a - b)]
  for (const [index, start] of points.entries())
    target.push(Buffer.from(bytes.subarray(start, points[index + 1])))
}

function failure(run: () => void): WebSocketFailure {
  try {
    run()
  } catch (error) {
    if (error instanceof WebSocketFailure) return error
    throw error
  }
  throw new Error('no failure')
}

const text = (value: string) => Buffer.from(value)
const closeFrame = (code: number, reason = '') => {
  const payload = Buffer.alloc(2 + Buffer.byteLength(reason))
  payload.writeUInt16BE(code)
  payload.write(reason, 2)
  return frame(Opcode.close, payload)
}

describe('FrameReader', () => {
  it('reads messages of every length encoding, several to a chunk, and unmasks them', () => {
    const { reader: r, events } = reader(100_000)
    const lengths = [0, 1, 3, 125, 126, 65_535, 65_536]
    feed(
      r,
      Buffer.concat(lengths.map((n) => frame(Opcode.text, text('é'.repeat(n / 2) + 'x'.repeat(n % 2))))),
    )
    expect(events).toEqual(lengths.map((n) => ({ message: 'é'.repeat(n / 2) + 'x'.repeat(n % 2) })))
  })

  it('gives the same messages however the bytes are cut into chunks, fragments and pings between them', () => {
    const message = fc.record({
      value: fc.string({ unit: 'grapheme', maxLength: 300 }),
      pieces: fc.integer({ min: 1, max: 4 }),
      pingAfter: fc.boolean(),
    })
    fc.assert(
      fc.property(
        fc.array(message, { minLength: 1, maxLength: 6 }),
        fc.array(fc.nat(4000)),
        (messages, cuts) => {
          const bytes = Buffer.concat(
            messages.flatMap(({ value, pieces, pingAfter }) => {
              const payload = text(value)
              const size = Math.ceil(payload.length / pieces)
              return Array.from({ length: pieces }, (_, i) => {
                const piece = frame(
                  i === 0 ? Opcode.text : Opcode.continuation,
                  payload.subarray(i * size, (i + 1) * size),
                  {
                    fin: i === pieces - 1,
                  },
                )
                // A control frame may come between the fragments of a message (RFC 6455 §5.4).
                return pingAfter && i === 0 ? Buffer.concat([piece, frame(Opcode.ping, text('p'))]) : piece
              })
            }),
          )
          const { reader: r, events } = reader(10_000)
          feed(r, bytes, cuts)
          expect(events.filter((event) => 'message' in event)).toEqual(
            messages.map(({ value }) => ({ message: value })),
          )
          expect(events.filter((event) => 'ping' in event)).toHaveLength(
            messages.filter((m) => m.pingAfter).length,
          )
        },
      ),
      { numRuns: 400 },
    )
  })

  it('hands over ping payloads and pongs, and reads binary as UTF-8', () => {
    const { reader: r, events } = reader()
    feed(
      r,
      Buffer.concat([
        frame(Opcode.ping, text('hi')),
        frame(Opcode.pong, text('x')),
        frame(Opcode.binary, text('{}')),
      ]),
    )
    expect(events).toEqual([{ ping: 'hi' }, { pong: true }, { message: '{}' }])
  })

  it('reads the close frame, with or without a code, and nothing after it', () => {
    const withCode = reader()
    feed(withCode.reader, Buffer.concat([closeFrame(1000, 'bye'), frame(Opcode.text, text('late'))]))
    withCode.reader.push(frame(Opcode.text, text('later')))
    expect(withCode.events).toEqual([{ close: 1000, reason: 'bye' }])
    const bare = reader()
    feed(bare.reader, frame(Opcode.close, Buffer.alloc(0)))
    expect(bare.events).toEqual([{ close: undefined, reason: '' }])
  })

  it('fails with 1002 on frames that break the protocol, and reads nothing more', () => {
    const rows: [string, Buffer][] = [
      ['unmasked', frame(Opcode.text, text('{}'), { masked: false })],
      ['RSV1 with no extension', frame(Opcode.text, text('{}'), { rsv1: true })],
      ['reserved data opcode', frame(0x3, text('{}'))],
      ['reserved control opcode', frame(0xb, text(''))],
      ['fragmented ping', frame(Opcode.ping, text('p'), { fin: false })],
      ['ping over 125 bytes', frame(Opcode.ping, Buffer.alloc(126))],
      ['continuation with nothing to continue', frame(Opcode.continuation, text('{}'))],
      [
        'new message inside a fragmented one',
        Buffer.concat([frame(Opcode.text, text('a'), { fin: false }), frame(Opcode.text, text('b'))]),
      ],
      ['close frame of one byte', frame(Opcode.close, Buffer.from([3]))],
      ['close code 999', closeFrame(999)],
      ['close code 1005, never sent', closeFrame(1005)],
      ['close code 2999', closeFrame(2999)],
      ['close code 5000', closeFrame(5000)],
    ]
    for (const [name, bytes] of rows) {
      const { reader: r, events } = reader()
      expect(failure(() => feed(r, bytes)).code, name).toBe(1002)
      r.push(frame(Opcode.text, text('after')))
      expect(events, name).toEqual([])
    }
  })

  it('fails with 1007 on text or a close reason that is not UTF-8, also when split across fragments', () => {
    const bad = Buffer.from([0xc3, 0x28, 0xff])
    const split = Buffer.concat([
      frame(Opcode.text, Buffer.from([0xe2, 0x82]), { fin: false }),
      frame(Opcode.continuation, Buffer.from([0xac])),
    ])
    expect(failure(() => feed(reader().reader, frame(Opcode.text, bad))).code).toBe(1007)
    const closeWithBadReason = Buffer.concat([Buffer.from([0x03, 0xe8]), bad])
    expect(failure(() => feed(reader().reader, frame(Opcode.close, closeWithBadReason))).code).toBe(1007)
    // A character cut between fragments is still one character: the message is checked whole.
    const { reader: r, events } = reader()
    feed(r, split)
    expect(events).toEqual([{ message: '€' }])
  })

  it('fails with 1009 from the header of a frame past the cap, before its payload has come', () => {
    for (const declared of [BigInt(MAX + 1), 2n ** 40n, 2n ** 64n - 1n]) {
      const header = frame(Opcode.text, text('x'), { declared }).subarray(0, declared < 65_536n ? 4 : 10)
      expect(failure(() => reader().reader.push(Buffer.from(header))).code).toBe(1009)
    }
    // Fragments count together.
    const { reader: r } = reader()
    r.push(frame(Opcode.text, Buffer.alloc(600, 0x61), { fin: false }))
    expect(failure(() => r.push(frame(Opcode.continuation, Buffer.alloc(401, 0x61)))).code).toBe(1009)
  })

  it('joins a message of a thousand 1-byte fragments, up to the cap', () => {
    const { reader: r, events } = reader()
    const pieces = Array.from({ length: MAX }, (_, i) =>
      frame(i === 0 ? Opcode.text : Opcode.continuation, text(String(i % 10)), { fin: i === MAX - 1 }),
    )
    feed(r, Buffer.concat(pieces), [7, 700, 5000])
    expect(events).toEqual([{ message: Array.from({ length: MAX }, (_, i) => i % 10).join('') }])
  })

  it('reads a frame that comes a byte at a time', () => {
    const { reader: r, events } = reader()
    const bytes = frame(Opcode.text, Buffer.alloc(MAX, 0x62))
    feed(
      r,
      bytes,
      Array.from({ length: bytes.length }, (_, i) => i),
    )
    expect(events).toEqual([{ message: 'b'.repeat(MAX) }])
  })

  it('takes a message of exactly the cap', () => {
    const { reader: r, events } = reader()
    feed(r, frame(Opcode.text, Buffer.alloc(MAX, 0x61)), [1, 3, 500])
    expect(events).toEqual([{ message: 'a'.repeat(MAX) }])
  })
})
