import type { Address } from 'viem'
import type { ApiChain } from '../chains/index.js'

/** One asset to price: a chain's native coin (no address) or one of its ERC-20 tokens. */
export type PricedAsset = { chainId: number; symbol: string; address?: Address }

/** USD prices, in the order asked; 0 for an asset the source has no price for. */
export type PriceSource = { usdPrices(assets: readonly PricedAsset[]): Promise<number[]> }

const keyOf = (chainId: number, address?: Address) => `${chainId}:${address?.toLowerCase() ?? 'native'}`

/**
 * The default source: the prices the chain configs carry, no outside host. Tokens are priced by address,
 * never by symbol, so a look-alike token calling itself tUSD is worth nothing here.
 */
export function staticPriceSource(chains: readonly ApiChain[]): PriceSource {
  const table = new Map<string, number>()
  for (const chain of chains) {
    if (chain.nativeCurrency.usdPrice !== undefined)
      table.set(keyOf(chain.chainId), chain.nativeCurrency.usdPrice)
    for (const token of chain.tokens)
      if (token.usdPrice !== undefined) table.set(keyOf(chain.chainId, token.address), token.usdPrice)
  }
  return {
    usdPrices: async (assets) =>
      assets.map(({ chainId, address }) => table.get(keyOf(chainId, address)) ?? 0),
  }
}
