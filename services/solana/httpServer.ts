import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { MalformedJsonError, parseJsonBody, stringifyJson } from './json.js'
import { solanaLimits } from './limits.js'
import { answerBatch, answerSingle } from './rpc/cappedAnswers.js'
import type { RpcContext } from './rpc/context.js'

/** CORS as the real RPC answers it: any origin, any header (kit sends `solana-client`), so preflights pass. */
const corsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, GET, OPTIONS',
  'access-control-allow-headers': '*',
  'access-control-max-age': '86400',
}

/** `json` is a JSON body already written; `text` a plain one. */
type HttpAnswer = { status: number; json: string } | { status: number; text: string }

const transportError = (status: number, code: string, message: string): HttpAnswer => ({
  status,
  json: stringifyJson({ code, message }),
})

function send(response: ServerResponse, answer: HttpAnswer): void {
  const body = 'json' in answer ? answer.json : answer.text
  response.writeHead(answer.status, {
    ...corsHeaders,
    'content-type': 'json' in answer ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  })
  response.end(body)
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

async function answer(context: RpcContext, request: IncomingMessage): Promise<HttpAnswer> {
  const path = (request.url ?? '/').split('?')[0]
  if (request.method === 'OPTIONS') return { status: 204, text: '' }
  if (request.method === 'GET' && path === '/health') return { status: 200, text: 'ok' }
  if (path !== '/') return transportError(404, 'NOT_FOUND', 'Not Found')
  if (request.method !== 'POST') return transportError(405, 'METHOD_NOT_ALLOWED', 'Use POST for JSON-RPC')
  if (!/^application\/json\b/i.test(request.headers['content-type'] ?? ''))
    return transportError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Supplied content type is not allowed. Content-Type: application/json is required',
    )
  const declared = Number(request.headers['content-length'] ?? 0)
  if (declared > solanaLimits.maxBodyBytes) return transportError(413, 'PAYLOAD_TOO_LARGE', bodyTooLarge)
  const text = await readBody(request)
  if (text === undefined) return transportError(413, 'PAYLOAD_TOO_LARGE', bodyTooLarge)
  let body: unknown
  try {
    body = parseJsonBody(text)
  } catch (error) {
    if (error instanceof MalformedJsonError)
      return transportError(400, 'INVALID_REQUEST', `Parse error: ${error.message}`)
    throw error
  }
  if (!Array.isArray(body)) return { status: 200, json: answerSingle(context, body) }
  if (body.length === 0) return { status: 200, json: answerSingle(context, undefined) }
  if (body.length > solanaLimits.maxBatchLength)
    return transportError(
      413,
      'PAYLOAD_TOO_LARGE',
      `A batch holds at most ${solanaLimits.maxBatchLength} calls`,
    )
  return { status: 200, json: answerBatch(context, body) }
}

const bodyTooLarge = `A request body is at most ${solanaLimits.maxBodyBytes} bytes`

/** The JSON-RPC endpoint over HTTP; any failure of our own is answered 400, never with a stack trace. */
export function createRpcServer(context: RpcContext): Server {
  return createServer((request, response) => {
    answer(context, request).then(
      (result) => send(response, result),
      () => send(response, transportError(400, 'INVALID_REQUEST', 'Bad Request')),
    )
  })
}
