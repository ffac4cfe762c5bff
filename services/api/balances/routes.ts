import { getAddress, isAddress } from 'viem'
import { z } from 'zod'
import {
  type ApiChains,
  bitcoinAddressOf,
  caipNetworkIdSchema,
  isBitcoinNetwork,
  isSolanaAddress,
  isSolanaNetwork,
} from '../chains/index.js'
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
  /** How a Bitcoin network's Esplora API is read; by default over HTTP at its `esploraUrl`. */
  esplora?: BalanceServiceOptions['esplora']
}

export const balancesQuery = z.object({
  projectId: z.string(),
  address: z.string().max(128),
  caipNetworkId: caipNetworkIdSchema,
})

/**
 * `GET /v1/balances?projectId&address&caipNetworkId` → `{ balances: TokenBalance[] }` (spec §3), for an
 * eip155 chain, a Solana cluster or a Bitcoin network (BTC only: confirmed and unconfirmed together) alike.
 */
export function balanceRoutes(deps: RouteDeps & BalanceRouteOptions): DirectRoute[] {
  const service = new BalanceService({
    prices:
      deps.prices ??
      staticPriceSource(deps.chains.list(), deps.chains.solanaList(), deps.chains.bitcoinList()),
    knownTokens: deps.knownTokens,
    ...(deps.esplora ? { esplora: deps.esplora } : {}),
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
    if (isBitcoinNetwork(caipNetworkId)) {
      const network = deps.chains.bitcoin(caipNetworkId)
      const holder = bitcoinAddressOf(network, address)
      if (holder === undefined)
        throw new ApiError(400, 'INVALID_REQUEST', 'address: not a Bitcoin address of this network')
      return { balances: await service.bitcoinBalancesOf(network, holder) }
    }
    const chain = deps.chains.get(caipNetworkId)
    if (!isAddress(address, { strict: false }))
      throw new ApiError(400, 'INVALID_REQUEST', 'address: not an EVM address')
    return { balances: await service.balancesOf(chain, getAddress(address)) }
  }
  return [{ method: 'GET', path: '/v1/balances', answer }]
}
