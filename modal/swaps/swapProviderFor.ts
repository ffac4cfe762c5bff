import type { Client } from 'viem'
import { aggregatorProvider } from './aggregatorProvider.js'
import type { SwapChainConfig } from './swapConfig.js'
import type { SwapChainId, SwapProvider, SwapToken } from './types.js'
import { uniswapV2Provider } from './uniswapV2Provider.js'

/**
 * The provider the api's answer names, with the tokens it offers: the chain's Uniswap V2 read through the
 * kit's client, or the operator's aggregator over HTTP (its own token list).
 */
export async function swapProviderFor(
  config: SwapChainConfig,
  chain: { chainId: SwapChainId; client: Client },
  fetchImpl?: typeof fetch,
): Promise<{ provider: SwapProvider; tokens: readonly SwapToken[] }> {
  if (config.provider === 'uniswap-v2')
    return {
      provider: uniswapV2Provider({
        chainId: chain.chainId,
        client: chain.client,
        router: config.router,
        weth: config.weth,
        tokens: config.tokens,
      }),
      tokens: config.tokens,
    }
  const provider = aggregatorProvider({
    id: 'aggregator',
    url: config.url,
    chains: [chain.chainId],
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  })
  return { provider, tokens: await provider.getTokens(chain.chainId) }
}
