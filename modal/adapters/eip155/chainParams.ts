import { numberToHex } from 'viem'
import type { CaipNetwork } from '../../networks/types.js'

/** EIP-3085 parameters for wallet_addEthereumChain. */
export function addChainParams(network: CaipNetwork) {
  const explorer = network.blockExplorers?.default.url
  return {
    chainId: numberToHex(Number(network.id)),
    chainName: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: [...network.rpcUrls.default.http],
    ...(explorer ? { blockExplorerUrls: [explorer] } : {}),
  }
}

/** CHAIN-03: switch failures that mean "add the chain first" (32603 is matched in both signs). */
export const addChainErrorCodes = new Set([4902, -32603, 32603, 5000])

/**
 * ERR-60: switch failures that mean the wallet cannot switch chains from a call at all: EIP-1193's
 * 4200 (unsupported method) and JSON-RPC's -32601 (method not found).
 */
export const noSwitchErrorCodes = new Set([4200, -32601])
