import type { IncomingMessage, ServerResponse } from 'node:http'
import { getQueryParam } from 'hono/utils/url'
import type { TrustedProxies } from '../../kit/index.js'
import { logRequest, whenResponseGone } from '../../kit/index.js'
import { ApiError, rateLimited } from './apiError.js'
import { nodeClientAddress } from './clientAddress.js'
import type { ProjectCors } from './cors.js'
import type { DirectRoute } from './directRoute.js'
import { errorAnswer, payloadTooLarge } from './errorAnswers.js'
import type { ApiLogger, ApiRequest } from './types.js'

export type NodeListener = (request: IncomingMessage, response: ServerResponse) => void

export type DirectLaneOptions = {
  routes: readonly DirectRoute[]
  cors: ProjectCors
  logger: ApiLogger
  bodyLimitBytes: number
  /** The proxies whose `X-Forwarded-For` names the client (`request.client()`). */
  trustProxy: TrustedProxies
  /** Every request that is not exactly a direct route's method and path. */
  fallback: NodeListener
}

/**
 * Answers the direct routes straight from Node's request, as the Hono app would (the same CORS, body cap,
 * error answers and log line: test/services/api/directLane.test.ts holds them to it), and hands every
 * other request, preflights and unknown methods included, to `fallback`.
 */
export function directLane({ routes, fallback, ...shared }: DirectLaneOptions): NodeListener {
  // Looked up by method, then path: no string joining the two on every request. Whether CORS is the policy's
  // depends on the path alone, so it is asked once per route.
  const byMethod = new Map<string, Map<string, LaneRoute>>()
  for (const route of routes) {
    const byPath = byMethod.get(route.method) ?? new Map<string, LaneRoute>()
    byPath.set(route.path, { route, governed: shared.cors.governs(route.path) })
    byMethod.set(route.method, byPath)
  }
  const lane: Lane = { ...shared, query: lastQuery() }
  return (request, response) => {
    const target = request.url ?? '/'
    const mark = target.indexOf('?')
    const routed = byMethod.get(request.method ?? '')?.get(mark < 0 ? target : target.slice(0, mark))
    if (!routed) return fallback(request, response)
    void answer(routed, request, response, target, lane)
  }
}

type LaneRoute = { route: DirectRoute; governed: boolean }

type Lane = Omit<DirectLaneOptions, 'routes' | 'fallback'> & {
  query: (target: string) => Record<string, string>
}

/**
 * Hono's own query parser, on a URL like the one its Node adapter builds: the same values either way,
 * malformed escapes included. Nearly every request repeats the target of one just before it (a dapp's
 * chain and project), so the last target's query is kept, frozen, as no request may change another's.
 */
function lastQuery(): (target: string) => Record<string, string> {
  let last: string | undefined
  let query: Record<string, string> = {}
  return (target) => {
    if (target !== last) {
      query = Object.freeze(getQueryParam(`http://direct${target}`) as Record<string, string>)
      last = target
    }
    return query
  }
}

async function answer(
  { route, governed }: LaneRoute,
  request: IncomingMessage,
  response: ServerResponse,
  target: string,
  lane: Lane,
): Promise<void> {
  const started = performance.now()
  const { cors, logger, bodyLimitBytes } = lane
  const view = new DirectRequest(request, target, lane)
  const origin = request.headers.origin
  const allowed =
    governed && origin !== undefined && (await cors.allows(origin, view.query('projectId'), view.client()))
  let status = 200
  let body: object
  let headers: Readonly<Record<string, string>> | undefined
  try {
    if (route.method !== 'GET' && Number(request.headers['content-length']) > bodyLimitBytes)
      throw payloadTooLarge(bodyLimitBytes)
    body = await route.answer(view)
    if (route.unsent?.over(view)) throw rateLimited()
  } catch (error) {
    ;({ status, body, headers } = errorAnswer(error, logger, route))
  }
  const text = JSON.stringify(body)
  const bytes = Buffer.byteLength(text)
  const answerHeaders: Record<string, string | number> = {
    'content-type': 'application/json',
    'content-length': bytes,
  }
  if (headers) Object.assign(answerHeaders, headers)
  if (governed) answerHeaders.vary = 'Origin'
  if (governed && origin !== undefined)
    Object.assign(answerHeaders, cors.answerHeaders(origin, allowed, status, route.path))
  response.writeHead(status, answerHeaders).end(text)
  if (route.unsent && response.writableLength > 0) whenResponseGone(response, route.unsent.hold(view, bytes))
  logRequest(logger, route, status, performance.now() - started)
}

/**
 * An ApiRequest read straight from Node's request: its methods are shared by every request rather than
 * made as closures for each.
 */
class DirectRequest implements ApiRequest {
  // Routes read the query more than once (the project guard, then their own schema): looked up once.
  #query: Record<string, string> | undefined
  #text: Promise<string> | undefined
  #client: string | undefined

  constructor(
    private readonly request: IncomingMessage,
    private readonly target: string,
    private readonly lane: Pick<Lane, 'query' | 'bodyLimitBytes' | 'trustProxy'>,
  ) {}

  query(): Record<string, string>
  query(name: string): string | undefined
  query(name?: string): Record<string, string> | string | undefined {
    this.#query ??= this.lane.query(this.target)
    return name === undefined ? this.#query : this.#query[name]
  }

  header(name: string): string | undefined {
    const value = this.request.headers[name.toLowerCase()]
    return Array.isArray(value) ? value.join(', ') : value
  }

  client(): string {
    this.#client ??= nodeClientAddress(this.request, this.lane.trustProxy)
    return this.#client
  }

  text(): Promise<string> {
    this.#text ??= readBody(this.request, this.lane.bodyLimitBytes)
    return this.#text
  }
}

function readBody(request: IncomingMessage, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBytes) {
        request.removeAllListeners('data')
        reject(payloadTooLarge(maxBytes))
      } else chunks.push(chunk)
    })
    // A request ends or errs once: plain listeners, without the wrappers `once` makes per request.
    request.on('end', () => resolve(Buffer.concat(chunks, size).toString('utf8')))
    // Node destroys a request its client cut short with an 'aborted' error, which comes here.
    request.on('error', () => reject(new ApiError(400, 'INVALID_REQUEST', 'body: the request was cut short')))
  })
}
