import type { Chain } from 'viem'
import type { CaipNetwork, ChainNamespace, EvmNetwork } from './types.js'

/** Turns a viem chain (or a plain chain object) into a CaipNetwork, keeping any fields already set. */
export function defineNetwork(
  chain: Chain & Partial<Pick<CaipNetwork, 'caipNetworkId' | 'chainNamespace' | 'assets'>>,
): EvmNetwork {
  const chainNamespace: ChainNamespace = chain.chainNamespace ?? 'eip155'
  return { ...chain, chainNamespace, caipNetworkId: chain.caipNetworkId ?? `${chainNamespace}:${chain.id}` }
}

export function caipAddress(
  network: CaipNetwork,
  address: string,
): `${CaipNetwork['caipNetworkId']}:${string}` {
  return `${network.caipNetworkId}:${address}`
}
