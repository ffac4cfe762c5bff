import type { Chain } from 'viem'

export const chainNamespaces = ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos'] as const
export type ChainNamespace = (typeof chainNamespaces)[number]
export type CaipNetworkId = `${ChainNamespace}:${string}`
export type CaipAddress = `${CaipNetworkId}:${string}`

/** A network as AppKit 1.7 defines it: a viem chain plus its CAIP-2 id and namespace. */
export type CaipNetwork = Chain & {
  caipNetworkId: CaipNetworkId
  chainNamespace: ChainNamespace
  assets?: { imageId?: string; imageUrl?: string }
}
