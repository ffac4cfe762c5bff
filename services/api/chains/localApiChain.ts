import type { Address } from 'viem'
import { localChainId, localNetwork } from '../../chain/network.js'
import type { ApiChainConfig } from './apiChain.js'

/** The local Anvil chain as the api serves it: tETH and the fixture tUSD, both priced at 1 USD. */
export function localApiChain({
  rpcUrl,
  testUsd,
  chainId = localChainId,
}: {
  rpcUrl: string
  testUsd: Address
  chainId?: number
}): ApiChainConfig {
  const { name, symbol, decimals } = localNetwork(rpcUrl, chainId).nativeCurrency
  return {
    chainId,
    rpcUrl,
    nativeCurrency: { name, symbol, decimals, usdPrice: 1 },
    tokens: [{ address: testUsd, usdPrice: 1 }],
  }
}
