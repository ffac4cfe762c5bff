import { clientKey } from '../../kit/index.js'
import type { Budget } from '../../sharedState/index.js'
import { ApiError, rateLimited } from '../http/apiError.js'
import type { DirectRoute } from '../http/directRoute.js'
import type { ApiRequest, RouteDeps } from '../http/types.js'
import { jsonOf, validBody } from '../http/validate.js'
import {
  clientBudgetKey,
  DEFAULT_MAX_RATE_LIMITED_CLIENTS,
  perClientLimit,
} from '../projects/clientBudget.js'
import { sharedStateOf } from '../sharedStateOf.js'
import { AnswerBytesPerClient, DEFAULT_MAX_ANSWER_BYTES_PER_CLIENT } from './answerBytesPerClient.js'
import { HttpUpstream, type RpcUpstream } from './httpUpstream.js'
import {
  isPlainJsonRpcBody,
  type JsonRpcAnswer,
  type JsonRpcBody,
  type JsonRpcCall,
  jsonRpcBodySchema,
} from './jsonRpc.js'
import {
  DEFAULT_MAX_ALONE_CALLS_PER_CLIENT,
  PendingCallsPerClient,
  pendingCallsPerClient,
} from './pendingCallsPerClient.js'
import { DEFAULT_MAX_PENDING_CALLS, UpstreamBatcher, type UpstreamBatcherOptions } from './upstreamBatcher.js'
import { UpstreamError } from './upstreamError.js'

export type RpcRateLimits = {
  /** Proxy requests per project per minute, a batch counting once. */
  requestsPerMinute: number
  /** JSON-RPC calls per project per minute, each call of a batch counting (at its ForwardingTarget.callCost). */
  callsPerMinute: number
}

/** What a JSON-RPC forwarding route is given by its module's options. */
export type ForwardingOptions = {
  /** Defaults to keep-alive HTTP with a 10 s timeout and an 8 MiB answer cap. */
  upstream?: RpcUpstream
  limits?: Partial<RpcRateLimits>
  /**
   * Caps of the batcher between the route and the upstream (100 calls a request, 10,000 pending), of one
   * client's pending calls (default a fifth of the batcher's: pendingCallsPerClient) and of those of them
   * sent alone, each holding an upstream connection (DEFAULT_MAX_ALONE_CALLS_PER_CLIENT), and of the answer
   * bytes the route holds unsent for one client (DEFAULT_MAX_ANSWER_BYTES_PER_CLIENT).
   */
  batching?: Pick<UpstreamBatcherOptions, 'maxBatchCalls' | 'maxPendingCalls'> & {
    maxPendingCallsPerClient?: number
    maxAloneCallsPerClient?: number
    maxAnswerBytesPerClient?: number
  }
}

/**
 * What a route remembers about some calls of one client (the RPC proxy's filters): it may answer such a call
 * itself instead of forwarding it, and it sees the upstream's answer to each one it let through.
 */
export type CallState = {
  /** The answer to give a tracked call instead of forwarding it, or undefined to forward it. */
  before(call: JsonRpcCall): Promise<JsonRpcAnswer | undefined>
  /** The upstream's answer to a tracked call it forwarded, or undefined when the upstream failed. */
  after(call: JsonRpcCall, answer: JsonRpcAnswer | undefined): Promise<void>
}

/** The calls a target keeps state about, and that state for one client's. */
export type StatefulCalls = {
  /** Whether the state answers or watches `call`; every other call goes out untouched. */
  tracks(call: JsonRpcCall): boolean
  /**
   * The state kept for the calls of `client` (its `clientKey`) in one request: made only for a request with
   * a call it tracks, as most have none.
   */
  of(client: string): CallState
}

/** Where one request's calls go, and what the route does with them on the way. */
export type ForwardingTarget = {
  url: string
  /** The answer the route gives a call itself (a refused method, a ping), or undefined to forward it. */
  localAnswer(call: JsonRpcCall): JsonRpcAnswer | undefined
  /** The calls whose state the target keeps, when it keeps any. */
  stateful?: StatefulCalls
  /**
   * What `call` spends of the project's and the client's calls a minute, when some calls cost the node more
   * than others; 1 each without it. Nothing else (requests, pending calls) counts by it.
   */
  callCost?(call: JsonRpcCall): number
}

/** What makes one forwarding route differ from another: its path, upstreams and allowlists. */
export type ForwardingRoute = {
  path: `/${string}`
  /** Names its rate counters: `<counters>-project`, `<counters>-client`. */
  counters: string
  /** The warning logged once per failed upstream request. */
  upstreamFailedEvent: string
  /** The upstream as errors name it: 'The chain RPC', 'The bundler'. */
  upstreamName: string
  /** The request's target (after the project guard); throws the ApiError of an unknown one. */
  target(request: ApiRequest): ForwardingTarget
}

/**
 * Throws what a failed upstream means for the client: a 502, or a 504 for its timeout. An unreachable
 * upstream's own words stay in the log: socket and TLS errors name its address and host names.
 */
function upstreamFailed(upstreamName: string, error: unknown): never {
  if (error instanceof ApiError) throw error
  if (!(error instanceof UpstreamError)) throw new ApiError(502, 'UPSTREAM_ERROR', `${upstreamName} failed`)
  if (error.reason === 'timeout') throw new ApiError(504, 'UPSTREAM_ERROR', `${upstreamName} timed out`)
  if (error.reason === 'unreachable')
    throw new ApiError(502, 'UPSTREAM_ERROR', `${upstreamName} could not be reached`)
  throw new ApiError(502, 'UPSTREAM_ERROR', `${upstreamName} failed: ${error.message}`)
}

/** A request's JSON-RPC body, or a 400: as sent when it plainly is one, else as the schema reads it. */
function validJsonRpcBody(text: string): JsonRpcBody {
  const value = jsonOf(text)
  return isPlainJsonRpcBody(value) ? value : validBody(value, jsonRpcBodySchema)
}

/** What `body` spends of the calls budgets: its calls, each at `target`'s cost when it has one. */
function callsSpent(body: JsonRpcBody, { callCost }: ForwardingTarget): number {
  if (!Array.isArray(body)) return callCost?.(body) ?? 1
  if (callCost === undefined) return body.length
  let spent = 0
  for (const call of body) spent += callCost(call)
  return spent
}

/**
 * A `POST` route that forwards JSON-RPC, single or batch, to the upstream `route` picks for the request,
 * under the project guard and per-project and per-client rate limits (a request and its calls counted
 * together). Calls the route answers itself keep their places among the upstream's answers, which pass
 * through untouched (error objects included) under the client's ids. Forwarded calls go through an
 * UpstreamBatcher: concurrent clients share upstream requests. A client that leaves more than its budget of
 * answer bytes unread in this process is refused 429 until it reads them.
 */
export function jsonRpcForwardingRoute(
  deps: RouteDeps & ForwardingOptions,
  route: ForwardingRoute,
): DirectRoute {
  const failed = (error: unknown) => upstreamFailed(route.upstreamName, error)
  const batcher = new UpstreamBatcher(deps.upstream ?? new HttpUpstream(), {
    ...deps.batching,
    onUpstreamFailure: (error) => deps.logger.warn(route.upstreamFailedEvent, { error: String(error) }),
  })
  const limits = { requestsPerMinute: 1200, callsPerMinute: 6000, ...deps.limits }
  // One-minute windows from each key's first request, a request and its calls counted together.
  const counter = sharedStateOf(deps).counter
  const windows = { windows: 'fromFirstTake', now: deps.now } as const
  const limiter = counter(`${route.counters}-project`, windows)
  const budgets = (
    calls: number,
    { requestsPerMinute, callsPerMinute }: RpcRateLimits,
  ): readonly Budget[] => [
    { limit: requestsPerMinute, amount: 1 },
    { limit: callsPerMinute, amount: calls },
  ]
  // Each client's share of the project's calls (1,200 of 6,000 a minute by default), counted first.
  const clientLimiter = counter(`${route.counters}-client`, {
    ...windows,
    maxKeys: DEFAULT_MAX_RATE_LIMITED_CLIENTS,
  })
  const clientLimits = {
    requestsPerMinute: perClientLimit(limits.requestsPerMinute),
    callsPerMinute: perClientLimit(limits.callsPerMinute),
  }
  // Most requests are one call, whose budgets are always the same: made once rather than for each.
  const oneCall = { client: budgets(1, clientLimits), project: budgets(1, limits) }
  const pending = new PendingCallsPerClient(
    deps.batching?.maxPendingCallsPerClient ??
      pendingCallsPerClient(deps.batching?.maxPendingCalls ?? DEFAULT_MAX_PENDING_CALLS),
  )
  const alone = new PendingCallsPerClient(
    deps.batching?.maxAloneCallsPerClient ?? DEFAULT_MAX_ALONE_CALLS_PER_CLIENT,
  )
  const unsent = new AnswerBytesPerClient(
    deps.batching?.maxAnswerBytesPerClient ?? DEFAULT_MAX_ANSWER_BYTES_PER_CLIENT,
  )
  /** The upstream's answers, `calls` of them counted as `client`'s while they wait; 429 past its share. */
  const held = <T>(client: string, calls: number, sent: () => Promise<T>): Promise<T> => {
    if (!pending.take(client, calls)) throw rateLimited()
    return sent().then(
      (answer) => {
        pending.release(client, calls)
        return answer
      },
      (error: unknown) => {
        pending.release(client, calls)
        return failed(error)
      },
    )
  }
  /**
   * `held` for calls of which `lone` go upstream alone (UpstreamBatcher.goesAlone), each holding one of the
   * upstream's connections while the node runs it: 429 past the client's share of those. Kept apart from
   * `held`, so a request with no lone call, most of them, pays nothing for this count.
   */
  const heldAlone = <T>(client: string, calls: number, lone: number, sent: () => Promise<T>): Promise<T> => {
    if (!alone.take(client, lone)) throw rateLimited()
    const release = () => alone.release(client, lone)
    let answers: Promise<T>
    try {
      answers = held(client, calls, sent)
    } catch (error) {
      release()
      throw error
    }
    return answers.finally(release)
  }
  const answerAll = async (
    client: string,
    { url, localAnswer, stateful }: ForwardingTarget,
    calls: JsonRpcCall[],
  ): Promise<JsonRpcAnswer[]> => {
    const local = calls.map(localAnswer)
    const tracked = calls.map((call, index) => local[index] === undefined && stateful?.tracks(call) === true)
    const state = tracked.includes(true) ? stateful?.of(client) : undefined
    // One after the other, in the batch's order: each may take one of the client's capped slots.
    for (const [index, call] of calls.entries()) if (tracked[index]) local[index] = await state?.before(call)
    const remote = calls.filter((_, index) => local[index] === undefined)
    const watched = calls.filter((_, index) => tracked[index] && local[index] === undefined)
    let forwarded: JsonRpcAnswer[] = []
    let lone = 0
    for (const call of remote) if (batcher.goesAlone(call)) lone += 1
    const send = () => batcher.send(url, remote)
    if (remote.length > 0)
      try {
        forwarded = await (lone === 0
          ? held(client, remote.length, send)
          : heldAlone(client, remote.length, lone, send))
      } finally {
        for (const call of watched) await state?.after(call, forwarded[remote.indexOf(call)])
      }
    let next = 0
    return local.map((own) => own ?? (forwarded[next++] as JsonRpcAnswer))
  }

  const forward = async (request: ApiRequest): Promise<object> => {
    // Awaited only when the answer is still coming: an await of a value at hand still costs a turn, and
    // in-memory guards and counters answer at once.
    const guarded = deps.project(request)
    const project = guarded instanceof Promise ? await guarded : guarded
    const target = route.target(request)
    const body = validJsonRpcBody(await request.text())
    const calls = callsSpent(body, target)
    const client = clientKey(request.client())
    if (unsent.over(client)) throw rateLimited()
    const clientTook = clientLimiter.takeAll(
      clientBudgetKey(project.id, client),
      calls === 1 ? oneCall.client : budgets(calls, clientLimits),
    )
    if (!(clientTook instanceof Promise ? await clientTook : clientTook)) throw rateLimited()
    const projectTook = limiter.takeAll(project.id, calls === 1 ? oneCall.project : budgets(calls, limits))
    if (!(projectTook instanceof Promise ? await projectTook : projectTook)) throw rateLimited()
    if (Array.isArray(body)) return await answerAll(client, target, body)
    if (target.stateful?.tracks(body)) return (await answerAll(client, target, [body]))[0] as JsonRpcAnswer
    const local = target.localAnswer(body)
    if (local) return local
    const send = () => batcher.call(target.url, body)
    // The one check a single call pays for the share of lone calls: a compare, two set lookups of its method.
    return await (batcher.goesAlone(body) ? heldAlone(client, 1, 1, send) : held(client, 1, send))
  }
  return {
    method: 'POST',
    path: route.path,
    answer: forward,
    unsent: {
      over: (request) => unsent.over(clientKey(request.client())),
      hold: (request, bytes) => unsent.hold(clientKey(request.client()), bytes),
    },
  }
}
