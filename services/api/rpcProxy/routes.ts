import { type ApiChains, caipNetworkIdSchema, isSolanaNetwork } from '../chains/index.js'
import type { DirectRoute } from '../http/directRoute.js'
import type { RouteDeps } from '../http/types.js'
import { validParam } from '../http/validate.js'
import { sharedStateOf } from '../sharedStateOf.js'
import { bundlerRoute } from './bundlerRoute.js'
import { filterGate, tracksFilter } from './filterGate.js'
import { DEFAULT_FILTERS_PER_CLIENT, type FilterOwners, MemoryFilterOwners } from './filterOwners.js'
import { type ForwardingOptions, type ForwardingTarget, jsonRpcForwardingRoute } from './jsonRpcForwarding.js'
import { evmLocalAnswer } from './localAnswer.js'
import { RedisFilterOwners } from './redisFilterOwners.js'
import { solanaCallCost, solanaLocalAnswer } from './solanaMethods.js'

export type { RpcRateLimits } from './jsonRpcForwarding.js'

export type RpcProxyOptions = ForwardingOptions & {
  chains: ApiChains
  /** Live filters (eth_newFilter and kin) one client may hold; DEFAULT_FILTERS_PER_CLIENT by default. */
  filtersPerClient?: number
}

/** Where filter owners are kept: the deployment's Redis when it has one, else this process. */
function filterOwnersOf(deps: RouteDeps, perClient: number): FilterOwners {
  const shared = sharedStateOf(deps)
  const options = { now: deps.now, perClient }
  return shared.kind === 'redis'
    ? new RedisFilterOwners(shared.redis, shared.prefix, options)
    : new MemoryFilterOwners(options)
}

/**
 * `POST /v1?chainId=<caip2>&projectId=` → the chain's RPC answer, single or batch, in the client's order, for
 * an EVM chain or a Solana cluster the api serves (a Bitcoin network's Esplora API is no JSON-RPC: 400
 * UNSUPPORTED_NETWORK); `test` is answered `true` and only the chain's allowlist is forwarded
 * (./localAnswer.ts, ./solanaMethods.ts). Beside it the bundler path (./bundlerRoute.ts), with the same limits
 * and caps, counted apart. An EVM node's filters are shared by every caller, so each one is bound to the
 * client that made it (./filterGate.ts); Solana has no such filters over HTTP.
 */
export function rpcProxyRoutes(deps: RouteDeps & RpcProxyOptions): DirectRoute[] {
  const perClient = deps.filtersPerClient ?? DEFAULT_FILTERS_PER_CLIENT
  const owners = filterOwnersOf(deps, perClient)
  const targetOf = (chainId: string): ForwardingTarget => {
    if (isSolanaNetwork(chainId))
      return {
        url: deps.chains.solana(chainId).rpcUrl,
        localAnswer: solanaLocalAnswer,
        callCost: solanaCallCost,
      }
    return {
      url: deps.chains.get(chainId).rpcUrl,
      localAnswer: evmLocalAnswer,
      stateful: { tracks: tracksFilter, of: (client) => filterGate(owners, client, chainId, perClient) },
    }
  }
  // Made once per chain served, on its first request: requests name their chain by the same few strings. Only
  // an id that validated and names a served chain is kept, so the map holds at most one entry per chain.
  const targets = new Map<string, ForwardingTarget>()
  const proxy = jsonRpcForwardingRoute(deps, {
    path: '/v1',
    counters: 'rpc',
    upstreamFailedEvent: 'rpc_proxy.upstream_failed',
    upstreamName: 'The chain RPC',
    target(request) {
      const known = targets.get(request.query('chainId') ?? '')
      if (known) return known
      const chainId = validParam(request, 'chainId', caipNetworkIdSchema)
      const target = targetOf(chainId)
      targets.set(chainId, target)
      return target
    },
  })
  return [proxy, bundlerRoute(deps)]
}
