import { type ApiChains, caipNetworkIdSchema } from '../chains/index.js'
import { ApiError, rateLimited } from '../http/apiError.js'
import type { DirectRoute } from '../http/directRoute.js'
import type { ApiRequest, RouteDeps } from '../http/types.js'
import { validJson, validParam } from '../http/validate.js'
import {
  clientBudgetKey,
  DEFAULT_MAX_RATE_LIMITED_CLIENTS,
  perClientLimit,
} from '../projects/clientBudget.js'
import { sharedStateOf } from '../sharedStateOf.js'
import { HttpUpstream, type RpcUpstream } from './httpUpstream.js'
import { type JsonRpcAnswer, type JsonRpcCall, jsonRpcBodySchema } from './jsonRpc.js'
import { localAnswer } from './localAnswer.js'
import { UpstreamBatcher, type UpstreamBatcherOptions } from './upstreamBatcher.js'
import { UpstreamError } from './upstreamError.js'

export type RpcRateLimits = {
  /** Proxy requests per project per minute, a batch counting once. */
  requestsPerMinute: number
  /** JSON-RPC calls per project per minute, each call of a batch counting. */
  callsPerMinute: number
}

export type RpcProxyOptions = {
  chains: ApiChains
  /** Defaults to keep-alive HTTP with a 10 s timeout and an 8 MiB answer cap. */
  upstream?: RpcUpstream
  limits?: Partial<RpcRateLimits>
  /** Caps of the batcher between the route and the upstream (100 calls a request, 10,000 pending). */
  batching?: Pick<UpstreamBatcherOptions, 'maxBatchCalls' | 'maxPendingCalls'>
}

/** Throws what a failed upstream means for the client: a 502, or a 504 for its timeout. */
function upstreamFailed(error: unknown): never {
  if (error instanceof ApiError) throw error
  if (!(error instanceof UpstreamError)) throw new ApiError(502, 'UPSTREAM_ERROR', 'The chain RPC failed')
  if (error.reason === 'timeout') throw new ApiError(504, 'UPSTREAM_ERROR', 'The chain RPC timed out')
  throw new ApiError(502, 'UPSTREAM_ERROR', `The chain RPC failed: ${error.message}`)
}

/**
 * `POST /v1?chainId=<caip2>&projectId=` → the chain's RPC answer, single or batch, in the client's order.
 * Calls the proxy answers itself (the `test` ping, methods it does not forward) keep their places among
 * the upstream's answers, which pass through untouched (error objects included) under the client's ids.
 * Forwarded calls go through an UpstreamBatcher: concurrent clients share upstream batch requests.
 */
export function rpcProxyRoutes(deps: RouteDeps & RpcProxyOptions): DirectRoute[] {
  const batcher = new UpstreamBatcher(deps.upstream ?? new HttpUpstream(), {
    ...deps.batching,
    onUpstreamFailure: (error) => deps.logger.warn('rpc_proxy.upstream_failed', { error: String(error) }),
  })
  const limits = { requestsPerMinute: 1200, callsPerMinute: 6000, ...deps.limits }
  // One-minute windows from each key's first request, a request and its calls counted together.
  const counter = sharedStateOf(deps).counter
  const windows = { windows: 'fromFirstTake', now: deps.now } as const
  const limiter = counter('rpc-project', windows)
  const budgets = (calls: number, { requestsPerMinute, callsPerMinute }: RpcRateLimits) => [
    { limit: requestsPerMinute, amount: 1 },
    { limit: callsPerMinute, amount: calls },
  ]
  // Each client's share of the project's calls (1,200 of 6,000 a minute by default), counted first.
  const clientLimiter = counter('rpc-client', { ...windows, maxKeys: DEFAULT_MAX_RATE_LIMITED_CLIENTS })
  const clientLimits = {
    requestsPerMinute: perClientLimit(limits.requestsPerMinute),
    callsPerMinute: perClientLimit(limits.callsPerMinute),
  }
  const answerAll = async (url: string, calls: JsonRpcCall[]): Promise<JsonRpcAnswer[]> => {
    const local = calls.map(localAnswer)
    const remote = calls.filter((_, index) => local[index] === undefined)
    const forwarded = remote.length === 0 ? [] : await batcher.send(url, remote).catch(upstreamFailed)
    let next = 0
    return local.map((own) => own ?? (forwarded[next++] as JsonRpcAnswer))
  }

  const proxy = async (request: ApiRequest): Promise<object> => {
    const project = await deps.project(request)
    const chain = deps.chains.get(validParam(request, 'chainId', caipNetworkIdSchema))
    const body = await validJson(request, jsonRpcBodySchema)
    const calls = Array.isArray(body) ? body.length : 1
    const clientKey = clientBudgetKey(project.id, request.client())
    if (!(await clientLimiter.takeAll(clientKey, budgets(calls, clientLimits)))) throw rateLimited()
    if (!(await limiter.takeAll(project.id, budgets(calls, limits)))) throw rateLimited()
    if (Array.isArray(body)) return await answerAll(chain.rpcUrl, body)
    return localAnswer(body) ?? (await batcher.call(chain.rpcUrl, body).catch(upstreamFailed))
  }
  return [{ method: 'POST', path: '/v1', answer: proxy }]
}
