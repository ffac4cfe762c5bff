import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import type { Logger } from '@pairwise/common'
import { describeError, truncate } from '@pairwise/relay/core'
import { bodyFramingFault } from './bodyFraming.js'
import { codeOf, HttpError } from './httpError.js'
import { endThenDestroy, rawResponse, statusText } from './rawAnswer.js'
import { capSocketsPerClient, DEFAULT_SOCKETS_PER_CLIENT } from './socketsPerClient.js'
import { noTrustedProxies, type TrustedProxies } from './trustProxy.js'

export type RequestHandler = (request: IncomingMessage, response: ServerResponse) => void | Promise<void>
export type UpgradeHandler = (request: IncomingMessage, socket: Duplex, head: Buffer) => void | Promise<void>

export type SafeServerOptions = {
  /** Names the server in its log lines. */
  name: string
  logger: Logger
  /** Error bodies as `{ code, message }` JSON (APIs) or one line of text (pages, the relay). */
  errorFormat?: 'json' | 'text'
  /** Whole header block; a larger one gets 431. Default 16 KiB, Node's own default. */
  maxHeaderBytes?: number
  /** Headers must arrive within this; default 10 s, so slow-loris sockets are not held for long. */
  headersTimeoutMs?: number
  /** The whole request (headers and body); default 30 s. */
  requestTimeoutMs?: number
  /** Keep-alive sockets idle this long are closed; default 5 s. */
  keepAliveTimeoutMs?: number
  /**
   * A socket on which no byte moves either way this long is closed, whatever its request is doing: a
   * client that stops reading its answer would otherwise hold the socket, and the answer's buffer, for
   * good. Default 30 s.
   */
  socketIdleMs?: number
  /**
   * Requests one socket may have under way at once. Node starts the handler of each pipelined request as
   * it arrives, so one socket could start thousands; one past this is answered 429 and its connection
   * closed. Browsers never pipeline. Default 8.
   */
  maxPipelinedRequests?: number
  /** Open sockets one client may hold (see `capSocketsPerClient`); default `DEFAULT_SOCKETS_PER_CLIENT`. */
  maxSocketsPerClient?: number
  /** Proxies whose sockets carry many clients, so are not counted as one (the server's `--trust-proxy`). */
  trustProxy?: TrustedProxies
}

/**
 * An HTTP server whose handlers cannot take the process down: a thrown `HttpError` (or a `URIError`
 * from decoding client input) becomes its 4xx, anything else a 500 with no stack trace, logged once;
 * bytes that are not HTTP get a 400 (431 for oversized headers, 408 for timeouts) and the socket closes.
 * An answer goes out only where the client waits for one: a refused request closes its connection, and
 * bytes that are not HTTP arriving while a response is under way close the socket once it is sent,
 * without an answer of their own. A client holds at most `maxSocketsPerClient` sockets open, each with at
 * most `maxPipelinedRequests` requests under way, and none idle past `socketIdleMs`. A request with two
 * Host headers gets 400: which one names the server depends on who reads it; so does one whose body's end a
 * proxy in front could place elsewhere (`bodyFramingFault`). Every server of the project is made with it.
 */
export function createSafeServer(handler: RequestHandler, options: SafeServerOptions): Server {
  const { logger, name } = options
  const format = options.errorFormat ?? 'text'
  const responses = new ResponsesUnderWay()
  const socketIdleMs = options.socketIdleMs ?? 30_000
  const maxPipelined = options.maxPipelinedRequests ?? 8
  const server = createServer(
    {
      maxHeaderSize: options.maxHeaderBytes ?? 16 * 1024,
      headersTimeout: options.headersTimeoutMs ?? 10_000,
      requestTimeout: options.requestTimeoutMs ?? 30_000,
      keepAliveTimeout: options.keepAliveTimeoutMs ?? 5_000,
      // Node enforces headersTimeout and requestTimeout only this often (30 s by default), so a slow-loris
      // socket would be held for up to 40 s instead of 10; once a second costs one walk over open requests.
      connectionsCheckingInterval: 1_000,
    },
    (request, response) => {
      // Node arms no inactivity timeout for a kept-alive socket's later requests (`server.setTimeout` covers
      // only each socket's first), so it is armed again for every request.
      request.socket.setTimeout(socketIdleMs)
      const underWay = responses.started(request.socket, response)
      let outcome: void | Promise<void>
      try {
        if (underWay > maxPipelined)
          throw new HttpError(429, `Too many requests under way on one connection: at most ${maxPipelined}`)
        if (repeatsHost(request)) throw new HttpError(400, 'Bad Request: more than one Host header')
        const framingFault = bodyFramingFault(request)
        // 400, not the 501 RFC 9112 §6.1 suggests for an unknown coding: Node's parser answers 400 to the
        // framings it refuses itself (`chunked, chunked`, Content-Length beside Transfer-Encoding), so
        // every framing refusal reads the same, and none tells a prober which ones Node let through.
        if (framingFault) throw new HttpError(400, `Bad Request: ${framingFault}`)
        outcome = handler(request, response)
      } catch (error) {
        return answerError(response, error, format, logger, name, request)
      }
      if (outcome instanceof Promise)
        outcome.catch((error: unknown) => answerError(response, error, format, logger, name, request))
    },
  )
  capSocketsPerClient(
    server,
    options.maxSocketsPerClient ?? DEFAULT_SOCKETS_PER_CLIENT,
    options.trustProxy ?? noTrustedProxies,
  )
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    logger.debug(`${name}: malformed request`, { code: error.code, error: error.message })
    if (!socket.writable) return socket.destroy()
    // A second answer would land inside or after the one under way, where the client reads it as the
    // answer to its next request, or as bytes after `Connection: close`.
    if (responses.underWay(socket)) return responses.closeWhenSent(socket)
    const status =
      error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400
    socket.end(rawResponse(status, statusText(status)))
  })
  // Without a listener Node drops a CONNECT unanswered; no server here is a proxy to tunnel through.
  server.on('connect', (_request: IncomingMessage, socket: Duplex) => {
    socket.on('error', (error) => logger.debug(`${name}: CONNECT socket error`, { error: error.message }))
    refuseUpgrade(socket, 405, 'Method Not Allowed')
  })
  return server
}

/** Runs an upgrade handler so that whatever it throws closes that one socket with a status, not the process. */
export function safeUpgrade(handler: UpgradeHandler, options: SafeServerOptions): UpgradeHandler {
  const { logger, name } = options
  const refuse = (socket: Duplex, error: unknown) => {
    const status = statusOf(error)
    if (status >= 500) logger.error(`${name}: upgrade failed`, { error: describeError(error) })
    else logger.debug(`${name}: upgrade refused`, { status, error: describeError(error) })
    if (!socket.destroyed)
      refuseUpgrade(socket, status, status >= 500 ? 'Internal error' : describeError(error))
  }
  return (request, socket, head) => {
    socket.on('error', (error) => logger.debug(`${name}: upgrade socket error`, { error: error.message }))
    try {
      const outcome = handler(request, socket, head)
      if (outcome instanceof Promise) outcome.catch((error: unknown) => refuse(socket, error))
    } catch (error) {
      refuse(socket, error)
    }
  }
}

/**
 * Answers an upgrade request with a plain HTTP status and closes the connection. Ending alone would not
 * close it: the server allows half-open sockets, and no timeout watches one after its upgrade request, so
 * a client that never ended its side would hold the socket, outside every connection cap.
 */
export function refuseUpgrade(socket: Duplex, status: number, body: string): void {
  endThenDestroy(socket, rawResponse(status, body))
}

function answerError(
  response: ServerResponse,
  error: unknown,
  format: 'json' | 'text',
  logger: Logger,
  name: string,
  request: IncomingMessage,
): void {
  const status = statusOf(error)
  const message = status >= 500 ? 'Internal error' : describeError(error)
  if (status >= 500)
    logger.error(`${name}: request failed`, {
      method: request.method,
      path: truncate(request.url ?? '', 200),
      error: describeError(error),
    })
  if (response.headersSent) {
    response.destroy()
    return
  }
  const code = error instanceof HttpError ? error.code : codeOf(status)
  const body = format === 'json' ? JSON.stringify({ code, message }) : `${message}\n`
  response
    .writeHead(status, {
      'content-type': format === 'json' ? 'application/json' : 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
      // Refused before its body was read, a request leaves the connection's framing unknown: a body sent
      // without a length would be read as the next request and answered. Closing ends that.
      connection: 'close',
    })
    .end(request.method === 'HEAD' ? undefined : body)
}

function statusOf(error: unknown): number {
  if (error instanceof HttpError) return error.status
  // Decoding client input (decodeURIComponent) is the one place these come from.
  if (error instanceof URIError) return 400
  return 500
}

/**
 * Whether `request` names more than one Host, read from the header list as sent: Node keeps only the first
 * in `headers`, and `headersDistinct` builds every header's list of values for the one name.
 */
function repeatsHost({ rawHeaders }: IncomingMessage): boolean {
  let hosts = 0
  for (let at = 0; at < rawHeaders.length; at += 2) {
    const name = rawHeaders[at] as string
    if (name.length === 4 && name.toLowerCase() === 'host' && ++hosts > 1) return true
  }
  return false
}

/**
 * The responses started on each socket and not yet sent (pipelined requests can have several), and the
 * sockets to close once theirs are.
 */
class ResponsesUnderWay {
  private readonly counts = new WeakMap<Duplex, number>()
  private readonly closing = new WeakSet<Duplex>()

  /** Counts `response` as under way on `socket`; returns how many are, `response` included. */
  started(socket: Duplex, response: ServerResponse): number {
    const count = (this.counts.get(socket) ?? 0) + 1
    this.counts.set(socket, count)
    // A response closes once, after it was sent or when its socket went first; one queued behind two others
    // never closes when its socket goes, but then the socket's count goes with the socket.
    response.once('close', () => {
      const left = (this.counts.get(socket) ?? 1) - 1
      this.counts.set(socket, left)
      if (left === 0 && this.closing.has(socket)) endThenDestroy(socket)
    })
    return count
  }

  underWay(socket: Duplex): boolean {
    return this.closing.has(socket) || (this.counts.get(socket) ?? 0) > 0
  }

  closeWhenSent(socket: Duplex): void {
    this.closing.add(socket)
    if ((this.counts.get(socket) ?? 0) === 0) endThenDestroy(socket)
  }
}
