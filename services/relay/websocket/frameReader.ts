import { isUtf8 } from 'node:buffer'
import { Opcode } from './frames.js'
import { GrowingBuffer } from './growingBuffer.js'

/** What a client's frames say, as they are read. */
export type FrameEvents = {
  /** A whole message, its fragments joined: text as sent, binary read as UTF-8. */
  message(text: string): void
  ping(payload: Buffer): void
  pong(payload: Buffer): void
  /** The client's close frame; nothing after it is read. `code` is absent when the frame carries none. */
  close(code: number | undefined, reason: string): void
}

/**
 * A frame that breaks RFC 6455, or a message slower than the reader's time bound (1008, policy violation):
 * the connection fails with `code` (§7.1.7, §7.4.1).
 */
export class WebSocketFailure extends Error {
  constructor(
    readonly code: 1002 | 1007 | 1008 | 1009,
    message: string,
  ) {
    super(message)
    this.name = 'WebSocketFailure'
  }
}

/** What a reader holds for one socket, and for how long. */
export type FrameReaderLimits = {
  /** The largest message, its fragments together; a frame that would take one past it fails with 1009. */
  maxMessageBytes: number
  /**
   * How long a message (all its fragments, or one frame's payload) may take to arrive, from its first byte;
   * past it the connection fails with 1008 and what was held of it is freed.
   */
  messageTimeoutMs: number
}

const FIN = 0x80
const RESERVED_BITS = 0x70
const MASKED = 0x80

/**
 * Reads a client's frames (RFC 6455 §5) from the bytes of its TCP socket, as they come, chunk by chunk.
 *
 * A chunk holding whole frames, the usual case, is read where it lies and unmasked in place; only a frame
 * cut across chunks is gathered, once all of it has come. What it holds for one socket is bounded by
 * `maxMessageBytes`: a frame that would take a message past it fails the connection from its header,
 * before its payload is waited for. How long it holds it is bounded by `messageTimeoutMs`, checked as more
 * bytes come and by `checkDeadline`, for a client that sends none: control frames may come between
 * fragments, so a client answering pings could otherwise hold an unfinished message for ever.
 */
export class FrameReader {
  // Bytes of a frame not complete yet, and how many the frame needs before it can be read. Copied into one
  // buffer: a frame trickled in a byte a segment holds no chunk object per byte.
  private readonly partial = new GrowingBuffer()
  private needed = 0
  // The fragments of a message not finished yet, and its opcode (0 while none is open). Copied into one
  // buffer: a million tiny fragments hold no million views of the chunks they came in.
  private readonly fragments = new GrowingBuffer()
  private fragmentedOpcode = 0
  // When the reader began holding what it holds (a frame cut across chunks, or a message's fragments), from
  // performance.now(); undefined while it holds nothing, so a message read whole never reads the clock.
  private holdingSince: number | undefined
  // When the relay stopped reading this socket (its own back-pressure), if it has: time it holds the
  // client's bytes back is not the client's, so the clock stops meanwhile.
  private pausedAt: number | undefined
  private ended = false

  constructor(
    private readonly limits: FrameReaderLimits,
    private readonly events: FrameEvents,
  ) {}

  /** Reads `chunk`, which is the reader's to unmask. Throws a WebSocketFailure, after which it reads no more. */
  push(chunk: Buffer): void {
    if (this.ended) return
    // Before the chunk is read: bytes that finish a message too late do not deliver it.
    if (this.holdingSince !== undefined) this.checkDeadline()
    let data = chunk
    if (this.partial.length > 0) {
      // Up to the frame's size: what is held is at most the frame and the last chunk's bytes past it.
      this.partial.append(chunk, this.needed)
      if (this.partial.length < this.needed) return
      data = this.partial.take()
    }
    const readUpTo = this.readFrames(data)
    if (readUpTo < data.length && !this.ended) this.partial.append(data.subarray(readUpTo), this.needed)
    if (this.partial.length > 0 || this.fragmentedOpcode !== 0) this.holdingSince ??= performance.now()
  }

  /** Stops the message clock while the relay does not read the socket. */
  pauseClock(): void {
    this.pausedAt ??= performance.now()
  }

  /** Starts it again, the time it stood not counted against the message. */
  resumeClock(): void {
    if (this.pausedAt === undefined) return
    const now = performance.now()
    if (this.holdingSince !== undefined) this.holdingSince += now - Math.max(this.pausedAt, this.holdingSince)
    this.pausedAt = undefined
  }

  /**
   * Throws a WebSocketFailure (1008) when what is held began arriving more than `messageTimeoutMs` ago,
   * reading time only: not while the clock stands.
   */
  checkDeadline(): void {
    if (this.ended || this.holdingSince === undefined || this.pausedAt !== undefined) return
    const { messageTimeoutMs } = this.limits
    if (performance.now() - this.holdingSince > messageTimeoutMs)
      this.fail(1008, `a message must arrive within ${messageTimeoutMs} ms of its first byte`)
  }

  /** Reads the whole frames at the start of `data`; returns where the first incomplete one begins. */
  private readFrames(data: Buffer): number {
    let at = 0
    while (!this.ended) {
      const available = data.length - at
      if (available < 2) return this.await(at, 2)
      const first = data[at] as number
      const second = data[at + 1] as number
      let length = second & 0x7f
      let headerEnd = at + 2
      if (length === 126) {
        if (available < 4) return this.await(at, 4)
        length = data.readUInt16BE(at + 2)
        headerEnd += 2
      } else if (length === 127) {
        if (available < 10) return this.await(at, 10)
        // Beyond 2^53 the sum is inexact, but such a length is refused all the same.
        length = data.readUInt32BE(at + 2) * 2 ** 32 + data.readUInt32BE(at + 6)
        headerEnd += 8
      }
      this.check(first, second, length)
      const end = headerEnd + 4 + length
      if (data.length < end) return this.await(at, end - at)
      this.frame(first, unmask(data, headerEnd, end))
      at = end
    }
    return data.length
  }

  private await(at: number, bytes: number): number {
    this.needed = bytes
    return at
  }

  /** Refuses, from its header, a frame that breaks the protocol or would take a message past the cap. */
  private check(first: number, second: number, length: number): void {
    const opcode = first & 0x0f
    if ((first & RESERVED_BITS) !== 0) this.fail(1002, 'reserved bits set, with no extension agreed')
    if ((second & MASKED) === 0) this.fail(1002, 'a client frame must be masked')
    if (opcode >= Opcode.close) {
      if (opcode > Opcode.pong) this.fail(1002, `reserved opcode ${opcode}`)
      if ((first & FIN) === 0) this.fail(1002, 'a control frame cannot be fragmented')
      if (length > 125) this.fail(1002, 'a control frame carries at most 125 bytes')
      return
    }
    if (opcode > Opcode.binary) this.fail(1002, `reserved opcode ${opcode}`)
    if (opcode === Opcode.continuation && this.fragmentedOpcode === 0)
      this.fail(1002, 'a continuation frame with no message to continue')
    if (opcode !== Opcode.continuation && this.fragmentedOpcode !== 0)
      this.fail(1002, 'a new message before the fragmented one ended')
    const { maxMessageBytes } = this.limits
    if (this.fragments.length + length > maxMessageBytes)
      this.fail(1009, `a message is at most ${maxMessageBytes} bytes`)
  }

  private frame(first: number, payload: Buffer): void {
    const opcode = first & 0x0f
    if (opcode === Opcode.close) this.closed(payload)
    else if (opcode === Opcode.ping) this.events.ping(payload)
    else if (opcode === Opcode.pong) this.events.pong(payload)
    else this.data(opcode, (first & FIN) !== 0, payload)
    // Whatever is held after this frame begins with bytes read from now on: the next message's own clock.
    if (this.fragmentedOpcode === 0) this.holdingSince = undefined
  }

  private data(opcode: number, final: boolean, payload: Buffer): void {
    if (final && this.fragmentedOpcode === 0) {
      this.deliver(opcode, payload)
      return
    }
    if (opcode !== Opcode.continuation) this.fragmentedOpcode = opcode
    this.fragments.append(payload, this.limits.maxMessageBytes)
    if (!final) return
    const wholeOpcode = this.fragmentedOpcode
    this.fragmentedOpcode = 0
    this.deliver(wholeOpcode, this.fragments.take())
  }

  private deliver(opcode: number, payload: Buffer): void {
    // Binary is read as UTF-8 all the same: the relay speaks JSON, and JSON-RPC answers what does not parse.
    if (opcode === Opcode.text && !isUtf8(payload)) this.fail(1007, 'a text message that is not UTF-8')
    this.events.message(payload.toString('utf8'))
  }

  private closed(payload: Buffer): void {
    this.ended = true
    if (payload.length === 0) {
      this.events.close(undefined, '')
      return
    }
    if (payload.length === 1) this.fail(1002, 'a close frame of one byte')
    const code = payload.readUInt16BE(0)
    if (!isValidCloseCode(code)) this.fail(1002, `invalid close code ${code}`)
    const reason = payload.subarray(2)
    if (!isUtf8(reason)) this.fail(1007, 'a close reason that is not UTF-8')
    this.events.close(code, reason.toString('utf8'))
  }

  private fail(code: WebSocketFailure['code'], message: string): never {
    this.ended = true
    this.partial.clear()
    this.fragments.clear()
    throw new WebSocketFailure(code, message)
  }
}

/** The codes a close frame may carry (§7.4): the defined ones not reserved for local use, and 3000–4999. */
function isValidCloseCode(code: number): boolean {
  return (
    (code >= 1000 && code <= 1014 && code !== 1004 && code !== 1005 && code !== 1006) ||
    (code >= 3000 && code <= 4999)
  )
}

/** The payload of the masked frame whose mask starts at `maskAt`, unmasked in place (§5.3). */
function unmask(data: Buffer, maskAt: number, end: number): Buffer {
  const start = maskAt + 4
  const m0 = data[maskAt] as number
  const m1 = data[maskAt + 1] as number
  const m2 = data[maskAt + 2] as number
  const m3 = data[maskAt + 3] as number
  let i = start
  for (; i + 3 < end; i += 4) {
    data[i] = (data[i] as number) ^ m0
    data[i + 1] = (data[i + 1] as number) ^ m1
    data[i + 2] = (data[i + 2] as number) ^ m2
    data[i + 3] = (data[i + 3] as number) ^ m3
  }
  for (let k = 0; i < end; i++, k++) data[i] = (data[i] as number) ^ (data[maskAt + k] as number)
  return data.subarray(start, end)
}
