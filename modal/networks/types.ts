import type { Chain } from 'viem'

export const chainNamespaces = ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos'] as const
export type ChainNamespace = (typeof chainNamespaces)[number]
export type CaipNetworkId = `${ChainNamespace}:${string}`
export type CaipAddress = `${CaipNetworkId}:${string}`

/** A network as AppKit 1.7 defines it: a viem chain plus its CAIP-2 id and namespace. */
export type CaipNetwork = Omit<Chain, 'id'> & {
  /** A number on eip155; a string elsewhere (a Solana network's id is its genesis hash's first 32 characters). */
  id: number | string
  caipNetworkId: CaipNetworkId
  chainNamespace: ChainNamespace
  assets?: { imageId?: string; imageUrl?: string }
}

/** An eip155 network: its id is the chain's number, so it is a viem chain as it is. */
export type EvmNetwork = CaipNetwork & Pick<Chain, 'id'>

export function isEvmNetwork(network: CaipNetwork): network is EvmNetwork {
  return network.chainNamespace === 'eip155' && typeof network.id === 'number'
}
