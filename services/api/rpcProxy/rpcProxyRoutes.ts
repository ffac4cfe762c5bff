import { Hono } from 'hono'
import { z } from 'zod'
import { type ApiChains, caipNetworkIdSchema } from '../chains/index.js'
import { ApiError, rateLimited } from '../http/apiError.js'
import type { RouteDeps } from '../http/types.js'
import { validJson, validQuery } from '../http/validate.js'
import { HttpUpstream, type RpcUpstream, UpstreamError } from './httpUpstream.js'
import { type JsonRpcAnswer, jsonRpcBodySchema } from './jsonRpc.js'
import { localAnswer } from './localAnswer.js'
import { ProjectRateLimiter, type RpcRateLimits } from './projectRateLimiter.js'

export type RpcProxyOptions = {
  chains: ApiChains
  /** Defaults to keep-alive HTTP with a 10 s timeout and an 8 MiB answer cap. */
  upstream?: RpcUpstream
  limits?: Partial<RpcRateLimits>
}

const proxyQuery = z.object({ projectId: z.string(), chainId: caipNetworkIdSchema })

const json = { 'content-type': 'application/json' }

function upstreamFailed(error: unknown): ApiError {
  if (!(error instanceof UpstreamError)) return new ApiError(502, 'UPSTREAM_ERROR', 'The chain RPC failed')
  if (error.reason === 'timeout') return new ApiError(504, 'UPSTREAM_ERROR', 'The chain RPC timed out')
  return new ApiError(502, 'UPSTREAM_ERROR', `The chain RPC failed: ${error.message}`)
}

/**
 * `POST /v1?chainId=<caip2>&projectId=` → the chain's RPC answer, single or batch. Calls the proxy answers
 * itself (the `test` ping, methods it does not forward) are merged with the upstream's answers; the
 * upstream's own answers, error objects included, pass through untouched.
 */
export function rpcProxyRoutes(deps: RouteDeps & RpcProxyOptions): Hono {
  const upstream = deps.upstream ?? new HttpUpstream()
  const limiter = new ProjectRateLimiter(
    { requestsPerMinute: 1200, callsPerMinute: 6000, ...deps.limits },
    deps.now,
  )
  const forward = (url: string, body: unknown) =>
    upstream.post(url, JSON.stringify(body)).catch((error: unknown) => {
      deps.logger.warn('rpc_proxy.upstream_failed', { error: String(error) })
      throw upstreamFailed(error)
    })

  return new Hono().post('/v1', async (c) => {
    const project = await deps.project(c)
    const { chainId } = validQuery(c, proxyQuery)
    const chain = deps.chains.get(chainId)
    const body = await validJson(c, jsonRpcBodySchema)
    const calls = Array.isArray(body) ? body : [body]
    if (!limiter.take(project.id, calls.length)) throw rateLimited()
    const answers = calls.map(localAnswer)
    const local = answers.filter((answer): answer is JsonRpcAnswer => answer !== undefined)
    const remote = calls.filter((_, index) => answers[index] === undefined)
    if (!Array.isArray(body))
      return local[0] ? c.json(local[0]) : c.body(await forward(chain.rpcUrl, body), 200, json)
    if (remote.length === 0) return c.json(local)
    const forwarded = await forward(chain.rpcUrl, remote)
    if (local.length === 0) return c.body(forwarded, 200, json)
    let upstreamAnswers: unknown
    try {
      upstreamAnswers = JSON.parse(forwarded)
    } catch {
      throw new ApiError(502, 'UPSTREAM_ERROR', 'The chain RPC failed: its answer is not JSON')
    }
    // A batch refused as a whole comes back as one error object: that is the answer to pass on.
    if (!Array.isArray(upstreamAnswers)) return c.body(forwarded, 200, json)
    return c.json([...local, ...upstreamAnswers])
  })
}
