import {
  type ApiChain,
  type BitcoinApiChain,
  bitcoinCaipNetworkIdOf,
  caipNetworkIdOf,
  type SolanaApiChain,
  solanaCaipNetworkIdOf,
} from '../chains/index.js'

/** One asset to price: a network's native coin (no address, BTC among them), an ERC-20 token or an SPL mint. */
export type PricedAsset = { caipNetworkId: string; symbol: string; address?: string }

/** USD prices, in the order asked; 0 for an asset the source has no price for. */
export type PriceSource = { usdPrices(assets: readonly PricedAsset[]): Promise<number[]> }

// EVM addresses are compared without their checksum case; base58 mints are case-sensitive.
const keyOf = (caipNetworkId: string, address?: string) =>
  `${caipNetworkId}:${(caipNetworkId.startsWith('eip155:') ? address?.toLowerCase() : address) ?? 'native'}`

/**
 * The default source: the prices the chain configs carry, no outside host. Tokens are priced by address,
 * never by symbol, so a look-alike token calling itself tUSD is worth nothing here.
 */
export function staticPriceSource(
  chains: readonly ApiChain[],
  solanaChains: readonly SolanaApiChain[] = [],
  bitcoinChains: readonly BitcoinApiChain[] = [],
): PriceSource {
  const table = new Map<string, number>()
  const add = (caipNetworkId: string, usdPrice: number | undefined, address?: string) => {
    if (usdPrice !== undefined) table.set(keyOf(caipNetworkId, address), usdPrice)
  }
  for (const chain of chains) {
    add(caipNetworkIdOf(chain), chain.nativeCurrency.usdPrice)
    for (const token of chain.tokens) add(caipNetworkIdOf(chain), token.usdPrice, token.address)
  }
  for (const chain of solanaChains) {
    add(solanaCaipNetworkIdOf(chain), chain.nativeCurrency.usdPrice)
    for (const token of chain.tokens) add(solanaCaipNetworkIdOf(chain), token.usdPrice, token.mint)
  }
  for (const chain of bitcoinChains) add(bitcoinCaipNetworkIdOf(chain), chain.nativeCurrency.usdPrice)
  return {
    usdPrices: async (assets) =>
      assets.map(({ caipNetworkId, address }) => table.get(keyOf(caipNetworkId, address)) ?? 0),
  }
}
