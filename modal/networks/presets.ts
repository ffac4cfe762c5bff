import { type Chain, mainnet, sepolia } from 'viem/chains'
import { defineNetwork } from './defineNetwork.js'

/**
 * A viem chain without the RPC URLs viem gives it: those are public endpoints of third parties, which a preset
 * must not call on the app's behalf. The preset is read through the app's `hostedRpcUrl` (both chains are on
 * the hosted list), or through an RPC the app adds itself.
 */
function withoutPublicRpc(chain: Chain): Chain {
  return { ...chain, rpcUrls: { default: { http: [] } } }
}

/** CONST-10: the chain a host that names none starts on. */
export const defaultChainId = 1
/** CONST-12: the default test network. */
export const defaultTestNetwork = defineNetwork(withoutPublicRpc(sepolia))
export const ethereum = defineNetwork(withoutPublicRpc(mainnet))
