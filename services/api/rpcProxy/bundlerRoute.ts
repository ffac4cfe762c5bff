import { type ApiChains, bundlerNameSchema, caipNetworkIdSchema } from '../chains/index.js'
import { ApiError } from '../http/apiError.js'
import type { DirectRoute } from '../http/directRoute.js'
import type { RouteDeps } from '../http/types.js'
import { validParam } from '../http/validate.js'
import type { JsonRpcAnswer, JsonRpcCall } from './jsonRpc.js'
import { type ForwardingOptions, jsonRpcForwardingRoute } from './jsonRpcForwarding.js'
import { methodNotFound } from './localAnswer.js'

/**
 * The ERC-4337 bundler methods, and only them, matched exactly: all that viem's bundler client and the
 * wallet call-status lookup use. A bundler's node may hold keys (its executors'), so nothing else passes.
 */
export const bundlerMethods: ReadonlySet<string> = new Set([
  'eth_sendUserOperation',
  'eth_estimateUserOperationGas',
  'eth_getUserOperationReceipt',
  'eth_getUserOperationByHash',
  'eth_supportedEntryPoints',
  'eth_chainId',
])

const bundlerAnswer = ({ id, method }: JsonRpcCall): JsonRpcAnswer | undefined =>
  bundlerMethods.has(method) ? undefined : methodNotFound(id)

/**
 * `POST /v1/bundler?chainId=<caip2>&bundler=<name>&projectId=` → the answer of the bundler the chain's
 * config names (`bundlers: { <name>: url }`), for the bundler methods only; a chain the api does not serve,
 * or one without that bundler, is 400 UNSUPPORTED_NETWORK.
 */
export function bundlerRoute(deps: RouteDeps & ForwardingOptions & { chains: ApiChains }): DirectRoute {
  // One call per upstream request: a bundler need not take JSON-RPC batches.
  return jsonRpcForwardingRoute(
    { ...deps, batching: { ...deps.batching, maxBatchCalls: 1 } },
    {
      path: '/v1/bundler',
      counters: 'bundler',
      upstreamFailedEvent: 'bundler.upstream_failed',
      upstreamName: 'The bundler',
      target(request) {
        const chainId = validParam(request, 'chainId', caipNetworkIdSchema)
        const name = validParam(request, 'bundler', bundlerNameSchema)
        const { bundlers } = deps.chains.get(chainId)
        // Own keys only: a name such as `constructor` is no bundler of any chain.
        const url = Object.hasOwn(bundlers, name) ? bundlers[name] : undefined
        if (url === undefined)
          throw new ApiError(
            400,
            'UNSUPPORTED_NETWORK',
            `Unsupported network: no bundler '${name}' on ${chainId}`,
          )
        return { url, localAnswer: bundlerAnswer }
      },
    },
  )
}
