import { getAddress, isAddress } from 'viem'
import { z } from 'zod'
import { type ApiChains, caipNetworkIdSchema, isSolanaAddress, isSolanaNetwork } from '../chains/index.js'
import { ApiError } from '../http/apiError.js'
import type { DirectRoute } from '../http/directRoute.js'
import type { ApiRequest, RouteDeps } from '../http/types.js'
import { validQuery } from '../http/validate.js'
import { BalanceService, type BalanceServiceOptions, type KnownTokens } from './balanceService.js'
import { type PriceSource, staticPriceSource } from './priceSource.js'

export type BalanceRouteOptions = {
  chains: ApiChains
  /** Defaults to the prices in the chain configs. */
  prices?: PriceSource
  knownTokens?: KnownTokens
  cache?: Pick<BalanceServiceOptions, 'cacheMs' | 'maxCachedAddresses' | 'maxCachedTokens' | 'maxTokens'>
}

export const balancesQuery = z.object({
  projectId: z.string(),
  address: z.string().max(128),
  caipNetworkId: caipNetworkIdSchema,
})

/**
 * `GET /v1/balances?projectId&address&caipNetworkId` → `{ balances: TokenBalance[] }` (spec §3), for an
 * eip155 chain or a Solana cluster alike.
 */
export function balanceRoutes(deps: RouteDeps & BalanceRouteOptions): DirectRoute[] {
  const service = new BalanceService({
    prices: deps.prices ?? staticPriceSource(deps.chains.list(), deps.chains.solanaList()),
    knownTokens: deps.knownTokens,
    logger: deps.logger,
    now: deps.now,
    ...deps.cache,
  })
  const answer = async (request: ApiRequest) => {
    await deps.project(request)
    const { address, caipNetworkId } = validQuery(request, balancesQuery)
    if (isSolanaNetwork(caipNetworkId)) {
      const cluster = deps.chains.solana(caipNetworkId)
      if (!isSolanaAddress(address))
        throw new ApiError(400, 'INVALID_REQUEST', 'address: not a Solana address')
      return { balances: await service.solanaBalancesOf(cluster, address) }
    }
    const chain = deps.chains.get(caipNetworkId)
    if (!isAddress(address, { strict: false }))
      throw new ApiError(400, 'INVALID_REQUEST', 'address: not an EVM address')
    return { balances: await service.balancesOf(chain, getAddress(address)) }
  }
  return [{ method: 'GET', path: '/v1/balances', answer }]
}
