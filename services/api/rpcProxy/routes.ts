import { type ApiChains, caipNetworkIdSchema } from '../chains/index.js'
import type { DirectRoute } from '../http/directRoute.js'
import type { RouteDeps } from '../http/types.js'
import { validParam } from '../http/validate.js'
import { bundlerRoute } from './bundlerRoute.js'
import { type ForwardingOptions, jsonRpcForwardingRoute } from './jsonRpcForwarding.js'
import { localAnswer } from './localAnswer.js'

export type { RpcRateLimits } from './jsonRpcForwarding.js'

export type RpcProxyOptions = ForwardingOptions & { chains: ApiChains }

/**
 * `POST /v1?chainId=<caip2>&projectId=` → the chain's RPC answer, single or batch, in the client's order;
 * `test` is answered `true` and only the allowlist in ./localAnswer.ts is forwarded. Beside it the bundler
 * path (./bundlerRoute.ts), with the same limits and caps, counted apart.
 */
export function rpcProxyRoutes(deps: RouteDeps & RpcProxyOptions): DirectRoute[] {
  const proxy = jsonRpcForwardingRoute(deps, {
    path: '/v1',
    counters: 'rpc',
    upstreamFailedEvent: 'rpc_proxy.upstream_failed',
    upstreamName: 'The chain RPC',
    upstreamUrl: (request) => deps.chains.get(validParam(request, 'chainId', caipNetworkIdSchema)).rpcUrl,
    localAnswer,
  })
  return [proxy, bundlerRoute(deps)]
}
