import { Hono } from 'hono'
import { z } from 'zod'
import { ApiError } from '../http/apiError.js'
import { apiRequest } from '../http/clientAddress.js'
import type { RouteDeps } from '../http/types.js'
import { validQuery } from '../http/validate.js'
import { requireFeature } from '../projects/requireFeature.js'

/** A token the swap offers, in AppKit's token-list shape; the native coin's address is `0xeeee…eeee`. */
export type SwapToken = {
  readonly name: string
  readonly symbol: string
  readonly address: string
  readonly decimals: number
  readonly logoUri: string
}

/** One chain's DEX: its Uniswap V2 router, wrapped native coin, and the tokens offered on it. */
export type SwapChainConfig = {
  /** CAIP-2, e.g. `eip155:31337`. */
  readonly chainId: string
  readonly router: string
  readonly weth: string
  readonly tokens: readonly SwapToken[]
}

/** The operator's hosted aggregator (1inch or 0x style, research §4.3): the modal quotes and builds through it. */
export type SwapAggregator = { readonly url: string }

export type SwapOptions = {
  readonly chains: readonly SwapChainConfig[]
  /** When set, the modal swaps through this aggregator instead of the chains' local DEX. */
  readonly aggregator?: SwapAggregator
}

/** The native coin's address in AppKit's swap token lists. */
export const nativeTokenAddress = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

export const tokensQuery = z.object({
  chainId: z.string().regex(/^eip155:[1-9]\d{0,18}$/, 'a CAIP-2 EVM chain id'),
})

const aggregatorSchema = z.object({ url: z.url({ protocol: /^https?$/ }).max(2048) })

/**
 * `GET /v1/swap/tokens?chainId=eip155:…` tells the modal which swap provider to use: with an aggregator
 * configured `{ provider: 'aggregator', url }` (it answers its own tokens and chains), else
 * `{ provider: 'uniswap-v2', tokens, router, weth }` for a chain with a configured DEX.
 */
export function swapRoutes(deps: RouteDeps & SwapOptions): Hono {
  const byChain = new Map(deps.chains.map((chain) => [chain.chainId, chain]))
  // Operator configuration: a bad URL stops the api at start, not a visitor's swap.
  const aggregator = deps.aggregator && aggregatorSchema.parse(deps.aggregator)
  return new Hono().get('/v1/swap/tokens', async (c) => {
    requireFeature(await deps.project(apiRequest(c)), 'swaps')
    const { chainId } = validQuery(c.req, tokensQuery)
    if (aggregator) return c.json({ provider: 'aggregator', url: aggregator.url })
    const chain = byChain.get(chainId)
    if (!chain) throw new ApiError(404, 'UNSUPPORTED_NETWORK', `Swaps are not available on ${chainId}`)
    return c.json({ provider: 'uniswap-v2', tokens: chain.tokens, router: chain.router, weth: chain.weth })
  })
}
