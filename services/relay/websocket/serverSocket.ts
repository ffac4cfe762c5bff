import { Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import { FrameReader, type FrameReaderLimits, WebSocketFailure } from './frameReader.js'
import { closePayload, controlFrame, Opcode, textFrame } from './frames.js'

export type ServerSocketOptions = FrameReaderLimits & {
  /** How long a closing handshake may take before the TCP connection is cut. */
  closeGraceMs: number
  /** Unsent bytes past which a ping is not answered: a client that pings and never reads holds no more. */
  maxBufferedBytes: number
  message(text: string): void
  /**
   * Bytes read from the client, as they are read, for the caller to count against its receive budget: every
   * frame costs its size on the wire, header included, whether it ends a message, pings, or continues a
   * message with nothing.
   */
  received(bytes: number): void
  pong(): void
  /** A client's frame broke the protocol, or its message came too slowly: the connection is being failed. */
  failed(failure: WebSocketFailure): void
  /** The TCP connection is gone, whichever side ended it, handshake or not. */
  closed(): void
}

const EMPTY = Buffer.alloc(0)

/**
 * The server end of a WebSocket whose opening handshake has been answered: text frames out, a client's
 * frames in, pings answered, and the closing handshake (RFC 6455 §7) from either side.
 *
 * Frames are written to `raw` as they are sent, so a caller may cork it to gather a turn's frames; what
 * `raw` holds unsent is `bufferedAmount`.
 */
export class ServerSocket {
  private state: 'open' | 'closing' | 'closed' = 'open'
  private cut: ReturnType<typeof setTimeout> | undefined
  private readonly reader: FrameReader

  constructor(
    readonly raw: Duplex,
    private readonly options: ServerSocketOptions,
  ) {
    this.reader = new FrameReader(options, {
      message: options.message,
      ping: (payload) => this.pong(payload),
      pong: () => options.pong(),
      close: (code) => this.closedByClient(code),
    })
  }

  /** Starts reading, `head` first (what came after the handshake's headers, from `upgrade`). */
  start(head: Buffer): void {
    const { raw } = this
    if (raw instanceof Socket) {
      // Frames are small and each is awaited: none may wait for Nagle's delayed ACK.
      raw.setNoDelay(true)
      raw.setTimeout(0)
    }
    raw.on('data', (chunk: Buffer) => this.read(chunk))
    // A client that resets the connection (read ECONNRESET, say after leaving a pong unread) ends it as any
    // other end does, in 'close' below; unheard, the error would be thrown from the socket instead.
    raw.on('error', () => {})
    // The client half-closed without a close frame; HTTP servers keep a half-open socket open, this one not.
    raw.on('end', () => raw.end())
    raw.on('close', () => {
      this.state = 'closed'
      clearTimeout(this.cut)
      this.options.closed()
    })
    if (head.length > 0) this.read(head)
  }

  get isOpen(): boolean {
    return this.state === 'open'
  }

  /** Bytes written to the socket and not yet taken by the kernel. */
  get bufferedAmount(): number {
    return this.raw.writableLength
  }

  send(text: string): void {
    if (this.state === 'open') this.raw.write(textFrame(text))
  }

  ping(): void {
    if (this.state === 'open') this.raw.write(controlFrame(Opcode.ping, EMPTY))
  }

  private pong(payload: Buffer): void {
    if (this.state === 'open' && this.bufferedAmount <= this.options.maxBufferedBytes)
      this.raw.write(controlFrame(Opcode.pong, payload))
  }

  /** Starts the closing handshake; the connection is cut if the client has not finished it within the grace. */
  close(code: number, reason: string): void {
    if (this.state === 'open') this.sendClose(closePayload(code, reason))
  }

  /**
   * Fails the connection with 1008 when a message has been arriving for longer than `messageTimeoutMs`.
   * A message is checked as its bytes come; this is for a client that has gone silent in the middle of one.
   */
  checkMessageTimeout(): void {
    try {
      this.reader.checkDeadline()
    } catch (error) {
      this.fail(error)
    }
  }

  /** Cuts the connection, with no closing handshake. */
  terminate(): void {
    this.raw.destroy()
  }

  /** Stops reading the socket, and the clock of a message arriving on it: the wait is the relay's, not the client's. */
  pause(): void {
    this.raw.pause()
    this.reader.pauseClock()
  }

  resume(): void {
    this.reader.resumeClock()
    this.raw.resume()
  }

  private read(chunk: Buffer): void {
    this.options.received(chunk.length)
    try {
      this.reader.push(chunk)
    } catch (error) {
      this.fail(error)
    }
  }

  private fail(error: unknown): void {
    if (!(error instanceof WebSocketFailure)) throw error
    this.options.failed(error)
    this.close(error.code, error.message)
  }

  /** The client's close frame: answered with its code where this end had not closed yet, then the TCP end. */
  private closedByClient(code: number | undefined): void {
    if (this.state === 'open') this.sendClose(code === undefined ? EMPTY : closePayload(code, ''))
    // The server ends the TCP connection first (§7.1.1).
    this.raw.end()
  }

  // Either way a client that keeps its end of the TCP connection open past the grace is cut.
  private sendClose(payload: Buffer): void {
    this.state = 'closing'
    this.raw.write(controlFrame(Opcode.close, payload))
    this.cut = setTimeout(() => this.raw.destroy(), this.options.closeGraceMs)
    this.cut.unref()
  }
}
