import { UpstreamError } from './upstreamError.js'

const crlf = Buffer.from('\r\n')
const headEnd = Buffer.from('\r\n\r\n')
const noBytes = Buffer.alloc(0)
/** Caps on what an answer may make us hold before its body: its head, one chunk-size or trailer line. */
export const MAX_HEAD_BYTES = 16 * 1024
const MAX_LINE_BYTES = 1024

/** One whole answer: its status, its body as text, and whether its connection may carry another request. */
export type Http1Answer = { status: number; body: string; reusable: boolean }

type State =
  | { at: 'head' }
  | { at: 'length'; left: number }
  | { at: 'chunk-size' }
  | { at: 'chunk-data'; left: number }
  | { at: 'chunk-end' }
  | { at: 'trailers' }
  | { at: 'close' }

const malformed = (what: string) => new UpstreamError('malformed', `its HTTP answer ${what}`)

/**
 * Reads one HTTP/1.1 answer from a connection's bytes as they arrive: `push` each chunk, `end` when the
 * peer closes. Bodies framed by Content-Length, chunked, or by the close; informational (1xx) heads are
 * skipped; the body of an answer that is not 2xx is not waited for (its connection is not reused).
 * Throws an UpstreamError: 'too-large' past `maxBodyBytes`, 'malformed' for what is not HTTP/1.x.
 */
export class Http1AnswerReader {
  private pending: Buffer = noBytes
  private state: State = { at: 'head' }
  private status = 0
  private reusable = true
  private readonly body: Buffer[] = []
  private size = 0

  constructor(private readonly maxBodyBytes: number) {}

  /** The answer once these bytes complete it, else undefined. */
  push(chunk: Buffer): Http1Answer | undefined {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk])
    for (;;) {
      const step = this.step()
      if (step === 'more') return undefined
      if (step === 'done') {
        // Bytes past the answer were not asked for: the connection cannot be trusted with another call.
        if (this.pending.length > 0) this.reusable = false
        return this.answer()
      }
    }
  }

  /** The peer closed: the answer if the close was its end, else 'unreachable' (cut short). */
  end(): Http1Answer {
    if (this.state.at === 'close') return this.answer()
    throw new UpstreamError('unreachable', 'the answer was cut short')
  }

  private answer(): Http1Answer {
    return {
      status: this.status,
      body: Buffer.concat(this.body, this.size).toString('utf8'),
      reusable: this.reusable,
    }
  }

  private step(): 'more' | 'done' | 'again' {
    const state = this.state
    switch (state.at) {
      case 'head':
        return this.readHead()
      case 'length':
      case 'chunk-data': {
        const taken = Math.min(state.left, this.pending.length)
        this.keep(this.pending.subarray(0, taken))
        this.pending = this.pending.subarray(taken)
        state.left -= taken
        if (state.left > 0) return 'more'
        if (state.at === 'length') return 'done'
        this.state = { at: 'chunk-end' }
        return 'again'
      }
      case 'chunk-size': {
        const line = this.line()
        if (line === undefined) return 'more'
        const hex = line.split(';', 1)[0]?.trim() ?? ''
        if (!/^[0-9a-fA-F]{1,12}$/.test(hex)) throw malformed('has a bad chunk size')
        const size = Number.parseInt(hex, 16)
        this.state = size === 0 ? { at: 'trailers' } : { at: 'chunk-data', left: size }
        return 'again'
      }
      case 'chunk-end': {
        if (this.pending.length < 2) return 'more'
        if (!this.pending.subarray(0, 2).equals(crlf)) throw malformed('has a chunk without its CRLF')
        this.pending = this.pending.subarray(2)
        this.state = { at: 'chunk-size' }
        return 'again'
      }
      case 'trailers': {
        const line = this.line()
        if (line === undefined) return 'more'
        return line === '' ? 'done' : 'again'
      }
      case 'close':
        this.keep(this.pending)
        this.pending = noBytes
        return 'more'
    }
  }

  /** The next CRLF-ended line (taken from the pending bytes), or undefined until it is whole. */
  private line(): string | undefined {
    const end = this.pending.indexOf(crlf)
    if (end < 0) {
      if (this.pending.length > MAX_LINE_BYTES) throw malformed('has a line too long')
      return undefined
    }
    const line = this.pending.subarray(0, end).toString('latin1')
    this.pending = this.pending.subarray(end + 2)
    return line
  }

  private keep(bytes: Buffer): void {
    if (bytes.length === 0) return
    this.size += bytes.length
    if (this.size > this.maxBodyBytes)
      throw new UpstreamError('too-large', `answer over ${this.maxBodyBytes} bytes`)
    this.body.push(bytes)
  }

  private readHead(): 'more' | 'done' | 'again' {
    const end = this.pending.indexOf(headEnd)
    if (end < 0) {
      if (this.pending.length > MAX_HEAD_BYTES) throw malformed(`head is over ${MAX_HEAD_BYTES} bytes`)
      return 'more'
    }
    const [statusLine = '', ...fields] = this.pending.subarray(0, end).toString('latin1').split('\r\n')
    this.pending = this.pending.subarray(end + 4)
    const version = /^HTTP\/1\.([01]) (\d{3})(?: |$)/.exec(statusLine)
    if (!version) throw malformed('is not HTTP/1.x')
    const status = Number(version[2])
    // 101 would switch protocols, which was never asked for; other 1xx heads come before the real one.
    if (status >= 100 && status < 200 && status !== 101) return 'again'
    this.status = status
    const head = readFields(fields)
    this.reusable = version[1] === '1' ? !head.connection.has('close') : head.connection.has('keep-alive')
    if (status < 200 || status > 299 || status === 204) {
      if (status !== 204) this.reusable = false
      return 'done'
    }
    if (head.chunked) {
      // A length beside chunked framing is how requests get smuggled: read chunked, then drop the connection.
      if (head.length !== undefined) this.reusable = false
      this.state = { at: 'chunk-size' }
      return 'again'
    }
    if (head.length !== undefined) {
      if (head.length > this.maxBodyBytes)
        throw new UpstreamError('too-large', `answer over ${this.maxBodyBytes} bytes`)
      this.state = { at: 'length', left: head.length }
      return head.length === 0 ? 'done' : 'again'
    }
    this.reusable = false
    this.state = { at: 'close' }
    return 'again'
  }
}

/** The framing fields of a head: Content-Length, chunked Transfer-Encoding, Connection's options. */
function readFields(fields: string[]): { length?: number; chunked: boolean; connection: Set<string> } {
  let length: number | undefined
  let chunked = false
  const connection = new Set<string>()
  for (const field of fields) {
    const colon = field.indexOf(':')
    if (colon <= 0) throw malformed('has a header line without a name')
    const name = field.slice(0, colon).trim().toLowerCase()
    const value = field.slice(colon + 1).trim()
    if (name === 'content-length') {
      if (!/^\d{1,15}$/.test(value) || (length !== undefined && length !== Number(value)))
        throw malformed('has a bad Content-Length')
      length = Number(value)
    } else if (name === 'transfer-encoding') {
      const codings = value
        .toLowerCase()
        .split(',')
        .map((coding) => coding.trim())
      // Only chunked was offered (no TE header goes out): any other coding would be bytes we cannot read.
      if (codings.some((coding) => coding !== 'chunked'))
        throw malformed(`uses a coding not asked for: ${value}`)
      chunked = true
    } else if (name === 'connection')
      for (const option of value.toLowerCase().split(',')) connection.add(option.trim())
  }
  return { ...(length === undefined ? {} : { length }), chunked, connection }
}
