import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Logger } from '@pairwise/common'
import {
  clientAddress,
  clientKey,
  codeOf,
  listenCheckingHost,
  readiness,
  type TrustedProxies,
} from '../kit/index.js'
import { ClientLoad, type LoadRefusal } from './clientLoad.js'
import { MalformedJsonError, parseJsonBody, stringifyJson } from './json.js'
import { solanaLimits } from './limits.js'
import { answerBatch, answerSingle } from './rpc/cappedAnswers.js'
import type { CallContext, RpcContext } from './rpc/context.js'

/** CORS as the real RPC answers it: any origin, any header (kit sends `solana-client`), so preflights pass. */
const corsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, GET, OPTIONS',
  'access-control-allow-headers': '*',
  'access-control-max-age': '86400',
}

/** `json` is a JSON body already written; `text` a plain one. */
type HttpAnswer = { status: number; json: string } | { status: number; text: string }

/** `{ code, message }` with the kit's code of `status`, as every service answers. */
const transportError = (status: number, message: string, code: string = codeOf(status)): HttpAnswer => ({
  status,
  json: stringifyJson({ code, message }),
})

// A client with too much under way or unread, not one over a rate (RATE_LIMITED): its own code, which
// clients of the local RPC already read.
const tooMany = (refusal: LoadRefusal) => transportError(429, refusal, 'TOO_MANY_REQUESTS')

/**
 * Writes an answer and says how many bytes its body holds. A request answered before its body was all read
 * closes its connection, so the server reads no more of a body it refused.
 */
function send(request: IncomingMessage, response: ServerResponse, answer: HttpAnswer): number {
  const body = 'json' in answer ? answer.json : answer.text
  const bytes = Buffer.byteLength(body)
  response.writeHead(answer.status, {
    ...corsHeaders,
    'content-type': 'json' in answer ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
    'content-length': bytes,
    ...(request.complete ? {} : { connection: 'close' }),
  })
  response.end(body)
  return bytes
}

/** Reads the body up to the cap; resolves undefined (and stops reading) once it is over. */
function readBody(request: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > solanaLimits.maxBodyBytes) {
        request.removeAllListeners('data')
        request.resume()
        resolve(undefined)
      } else chunks.push(chunk)
    })
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}

/** `beforeAnswer` refuses building an answer for a client whose earlier answers are still unread. */
async function answer(
  context: CallContext,
  request: IncomingMessage,
  beforeAnswer: () => LoadRefusal | undefined,
  logger: Logger,
): Promise<HttpAnswer> {
  const path = (request.url ?? '/').split('?')[0]
  if (request.method === 'OPTIONS') return { status: 204, text: '' }
  if (request.method === 'GET' && path === '/health') return { status: 200, text: 'ok' }
  // Ready while the ledger answers: it runs in this process, so that is all a balancer needs to know.
  if (request.method === 'GET' && path === '/ready') {
    const { status, body } = await readiness({ ledger: () => context.ledger.slot() }, logger)
    return { status, json: stringifyJson(body) }
  }
  if (path !== '/') return transportError(404, 'Not Found')
  if (request.method !== 'POST') return transportError(405, 'Use POST for JSON-RPC')
  if (!/^application\/json\b/i.test(request.headers['content-type'] ?? ''))
    return transportError(
      415,
      'Supplied content type is not allowed. Content-Type: application/json is required',
    )
  const declared = Number(request.headers['content-length'] ?? 0)
  if (declared > solanaLimits.maxBodyBytes) return transportError(413, bodyTooLarge)
  const text = await readBody(request)
  if (text === undefined) return transportError(413, bodyTooLarge)
  let body: unknown
  try {
    body = parseJsonBody(text)
  } catch (error) {
    if (error instanceof MalformedJsonError) return transportError(400, `Parse error: ${error.message}`)
    throw error
  }
  const refusal = beforeAnswer()
  if (refusal) return tooMany(refusal)
  if (!Array.isArray(body)) return { status: 200, json: answerSingle(context, body) }
  if (body.length === 0) return { status: 200, json: answerSingle(context, undefined) }
  if (body.length > solanaLimits.maxBatchLength)
    return transportError(413, `A batch holds at most ${solanaLimits.maxBatchLength} calls`)
  return { status: 200, json: answerBatch(context, body) }
}

const bodyTooLarge = `A request body is at most ${solanaLimits.maxBodyBytes} bytes`

export type RpcServerOptions = {
  /** Proxies whose X-Forwarded-For names the client the per-client caps count. */
  trustProxy: TrustedProxies
  logger: Logger
}

/**
 * The JSON-RPC endpoint over HTTP on `at`, on the project's safe server: bytes that are not HTTP get their
 * 4xx, a `Host` other than its names 421 (a page rebound to loopback would drive the faucet), and any
 * failure of our own is answered 400, never with a stack trace. Each client address has at most
 * `maxConcurrentRequestsPerClient` requests under way and `maxUnsentAnswerBytesPerClient` answer bytes
 * unread; past either, its requests are answered 429.
 */
export function listenRpcServer(
  context: RpcContext,
  options: RpcServerOptions,
  at: { host: string; port: number; names: readonly string[] },
): Promise<Server> {
  const load = new ClientLoad()
  return listenCheckingHost(
    (request, response) => {
      // An IPv6 client by its /64, which one host is given whole.
      const client = clientKey(
        clientAddress(request.socket.remoteAddress, request.headers['x-forwarded-for'], options.trustProxy),
      )
      const refusal = load.admit(client, response)
      if (refusal) {
        send(request, response, tooMany(refusal))
        return
      }
      return answer({ ...context, client }, request, () => load.unsent(client), options.logger).then(
        (result) => load.sending(client, response, send(request, response, result)),
        () => {
          send(request, response, transportError(400, 'Bad Request'))
        },
      )
    },
    {
      name: 'solana rpc',
      logger: options.logger,
      errorFormat: 'json',
      trustProxy: options.trustProxy,
      // A client that stops reading leaves its answer in this process; its socket is closed after this long.
      socketIdleMs: solanaLimits.httpSocketIdleMs,
    },
    at,
  )
}
