import type { CaipNetwork, ChainNamespace } from './types.js'

/** A chain a wallet is on that the app did not configure: named so the UnsupportedChain view can say which. */
export function unsupportedNetwork(namespace: ChainNamespace, chainId: number | string): CaipNetwork {
  return {
    id: Number(chainId),
    name: `Chain ${chainId}`,
    caipNetworkId: `${namespace}:${chainId}`,
    chainNamespace: namespace,
    nativeCurrency: { name: 'Unknown', symbol: '', decimals: 18 },
    rpcUrls: { default: { http: [] } },
  }
}
