import net from 'node:net'
import tls from 'node:tls'
import { type Http1Answer, Http1AnswerReader } from './http1AnswerReader.js'
import { UpstreamError } from './upstreamError.js'

/** Posts a JSON-RPC body to a chain's RPC and resolves the body of its 2xx answer. */
export type RpcUpstream = { post(url: string, body: string): Promise<string> }

export type HttpUpstreamOptions = {
  /** The spec's blockchain-client HTTP timeout, from the post to the whole answer (waiting turn included). */
  timeoutMs?: number
  maxResponseBytes?: number
  /** Connections per chain RPC origin; posts beyond them wait for one to be free. */
  maxSockets?: number
  /** An idle connection is closed after this long, before the usual 5 s server keep-alive ends it under us. */
  idleMs?: number
  /** Certificates trusted for https upstreams besides the system's (a private node's own). */
  ca?: string | Buffer
}

type Settings = Required<Omit<HttpUpstreamOptions, 'ca'>> & Pick<HttpUpstreamOptions, 'ca'>

/** Where and how one RPC URL is reached, worked out once: the connection options and the request's head. */
type Target = { secure: boolean; host: string; port: number; servername?: string; head: string }

type Job = {
  request: string
  resolve(body: string): void
  reject(error: UpstreamError): void
  timer?: NodeJS.Timeout
  connection?: Connection
  settled: boolean
}

type Connection = {
  socket: net.Socket
  job?: Job
  reader?: Http1AnswerReader
  /** Answers completed on it: a connection that served one before may have been closed under us since. */
  served: number
  /** Whether any byte of the running job's answer came. */
  heard: boolean
}

/**
 * JSON-RPC over HTTP/1.1 keep-alive connections, written for this one exchange (post a JSON body, read
 * one answer). Node's general client (a ClientRequest, agent bookkeeping and a response stream per call)
 * cost the proxy's thread about a fifth of its throughput; here a post is one write and a parse of the
 * bytes that come back (test/services/api/httpUpstream.test.ts holds the framing to it).
 */
export class HttpUpstream implements RpcUpstream {
  private readonly settings: Settings
  private readonly origins = new Map<string, OriginPool>()

  constructor({
    timeoutMs = 10_000,
    maxResponseBytes = 8 * 1024 * 1024,
    maxSockets = 64,
    idleMs = 4_000,
    ca,
  }: HttpUpstreamOptions = {}) {
    this.settings = { timeoutMs, maxResponseBytes, maxSockets, idleMs, ...(ca === undefined ? {} : { ca }) }
  }

  post(url: string, body: string): Promise<string> {
    let pool = this.origins.get(url)
    if (!pool) {
      let target: Target
      try {
        target = targetOf(url)
      } catch (error) {
        return Promise.reject(new UpstreamError('unreachable', `bad RPC URL: ${String(error)}`))
      }
      pool = new OriginPool(target, this.settings)
      // The chains' RPC URLs come from configuration: a handful of pools, one per URL.
      this.origins.set(url, pool)
    }
    return pool.post(body)
  }

  /** Closes the idle connections (open ones close when their calls end). */
  close(): void {
    for (const pool of this.origins.values()) pool.closeIdle()
  }
}

function targetOf(url: string): Target {
  const parsed = new URL(url)
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new Error(`${parsed.protocol} is not http(s)`)
  const secure = parsed.protocol === 'https:'
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1')
  const credentials = parsed.username
    ? `authorization: Basic ${Buffer.from(`${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`).toString('base64')}\r\n`
    : ''
  return {
    secure,
    host,
    port: Number(parsed.port) || (secure ? 443 : 80),
    ...(secure && net.isIP(host) === 0 ? { servername: host } : {}),
    head:
      `POST ${parsed.pathname}${parsed.search} HTTP/1.1\r\nhost: ${parsed.host}\r\n` +
      `content-type: application/json\r\naccept: application/json\r\n${credentials}content-length: `,
  }
}

/** The connections to one RPC URL: at most maxSockets, one call at a time each, idle ones reused. */
class OriginPool {
  private readonly idle: Connection[] = []
  private readonly waiting: Job[] = []
  private open = 0

  constructor(
    private readonly target: Target,
    private readonly settings: Settings,
  ) {}

  post(body: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const job: Job = {
        request: `${this.target.head}${Buffer.byteLength(body)}\r\n\r\n${body}`,
        resolve,
        reject,
        settled: false,
      }
      job.timer = setTimeout(
        () => this.fail(job, new UpstreamError('timeout', `no answer within ${this.settings.timeoutMs} ms`)),
        this.settings.timeoutMs,
      )
      this.dispatch(job)
    })
  }

  private dispatch(job: Job): void {
    const connection = this.idle.pop() ?? (this.open < this.settings.maxSockets ? this.connect() : undefined)
    if (connection) this.run(connection, job)
    else this.waiting.push(job)
  }

  closeIdle(): void {
    for (const { socket } of this.idle.splice(0)) socket.destroy()
  }

  private connect(): Connection {
    const { secure, host, port, servername } = this.target
    const socket = secure
      ? tls.connect({
          host,
          port,
          ...(servername ? { servername } : {}),
          ...(this.settings.ca ? { ca: this.settings.ca } : {}),
        })
      : net.connect({ host, port })
    socket.setNoDelay(true)
    const connection: Connection = { socket, served: 0, heard: false }
    this.open += 1
    socket.on('data', (chunk: Buffer) => this.received(connection, chunk))
    socket.on('timeout', () => {
      if (!connection.job) socket.destroy()
    })
    socket.on('error', (error) => {
      if (connection.job && !this.mayRetry(connection))
        this.fail(connection.job, new UpstreamError('unreachable', error.message))
    })
    socket.on('close', () => this.closed(connection))
    return connection
  }

  private run(connection: Connection, job: Job): void {
    connection.job = job
    connection.reader = new Http1AnswerReader(this.settings.maxResponseBytes)
    connection.heard = false
    job.connection = connection
    connection.socket.ref()
    connection.socket.setTimeout(0)
    connection.socket.write(job.request)
  }

  private received(connection: Connection, chunk: Buffer): void {
    const { job, reader } = connection
    // Bytes on an idle connection answer nothing we sent: it is out of step, so it goes.
    if (!job || !reader) {
      connection.socket.destroy()
      return
    }
    connection.heard = true
    try {
      const answer = reader.push(chunk)
      if (answer) this.answered(connection, job, answer)
    } catch (error) {
      this.fail(job, error as UpstreamError)
    }
  }

  private answered(connection: Connection, job: Job, answer: Http1Answer): void {
    connection.job = undefined
    connection.reader = undefined
    connection.served += 1
    if (answer.reusable) this.release(connection)
    else connection.socket.destroy()
    if (answer.status < 200 || answer.status > 299)
      this.fail(job, new UpstreamError('status', `answered ${answer.status}`))
    else this.settle(job, answer.body)
  }

  private release(connection: Connection): void {
    const next = this.waiting.shift()
    if (next) this.run(connection, next)
    else {
      // An idle connection neither keeps the process alive nor outlives idleMs.
      connection.socket.unref()
      connection.socket.setTimeout(this.settings.idleMs)
      this.idle.push(connection)
    }
  }

  private closed(connection: Connection): void {
    this.open -= 1
    const at = this.idle.indexOf(connection)
    if (at >= 0) this.idle.splice(at, 1)
    const { job, reader } = connection
    if (job && reader) {
      connection.job = undefined
      if (this.mayRetry(connection)) this.dispatch(job)
      else
        try {
          this.answered(connection, job, reader.end())
        } catch (error) {
          this.fail(job, error as UpstreamError)
        }
    }
    const next = this.open < this.settings.maxSockets ? this.waiting.shift() : undefined
    if (next) this.run(this.connect(), next)
  }

  /**
   * Whether the call on a connection that failed may go again on another: the connection had served
   * calls and nothing of this answer came, so it was closed while idle (a server's keep-alive ending as
   * the call went out), and the call most likely never reached the node.
   */
  private mayRetry(connection: Connection): boolean {
    return connection.served > 0 && !connection.heard
  }

  private settle(job: Job, body: string): void {
    if (job.settled) return
    job.settled = true
    clearTimeout(job.timer)
    job.resolve(body)
  }

  /** Fails `job`: out of the queue if it waits, its connection dropped if it runs (the answer would be late). */
  private fail(job: Job, error: UpstreamError): void {
    if (job.settled) return
    job.settled = true
    clearTimeout(job.timer)
    const connection = job.connection
    if (connection?.job === job) {
      connection.job = undefined
      connection.socket.destroy()
    } else {
      const at = this.waiting.indexOf(job)
      if (at >= 0) this.waiting.splice(at, 1)
    }
    job.reject(error)
  }
}
