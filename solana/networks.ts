import type { CaipNetwork } from '@pairwise/modal/adapter'
import { clusterReferences } from './chains.js'

export type SolanaNetworkInput = {
  /** The cluster's genesis hash (base58); the network's id is its first 32 characters, as CAIP-2 says. */
  genesisHash: string
  name: string
  /**
   * The cluster's JSON-RPC, which balances, transfers and confirmations go through; without one the network
   * is read through nothing, and each read fails with `RPC_URL_MISSING`.
   */
  rpcUrl?: string
  /** PubSub, when the app wants live updates; the adapter itself polls and needs none. */
  wsUrl?: string
  explorerUrl?: string
  testnet?: boolean
}

const sol = { name: 'Solana', symbol: 'SOL', decimals: 9 } as const

/** A Solana network as the modal takes networks: `solana:<first 32 characters of the genesis hash>`. */
export function defineSolanaNetwork(input: SolanaNetworkInput): CaipNetwork {
  const id = input.genesisHash.slice(0, 32)
  return {
    id,
    caipNetworkId: `solana:${id}`,
    chainNamespace: 'solana',
    name: input.name,
    nativeCurrency: sol,
    rpcUrls: {
      default: {
        http: input.rpcUrl ? [input.rpcUrl] : [],
        ...(input.wsUrl ? { webSocket: [input.wsUrl] } : {}),
      },
    },
    ...(input.explorerUrl
      ? { blockExplorers: { default: { name: 'Explorer', url: input.explorerUrl } } }
      : {}),
    ...(input.testnet === undefined ? {} : { testnet: input.testnet }),
  }
}

/*
 * The clusters name no RPC: Solana's public endpoints belong to a third party, which a preset must not send
 * the app's visitors' addresses to. An app reads them through the hosted RPC it configured (`hostedRpcUrl`),
 * or its own RPC: `defineSolanaNetwork` with the cluster's genesis hash and an `rpcUrl`.
 */
export const solana = defineSolanaNetwork({
  genesisHash: clusterReferences['solana:mainnet'],
  name: 'Solana',
  explorerUrl: 'https://explorer.solana.com',
})

export const solanaDevnet = defineSolanaNetwork({
  genesisHash: clusterReferences['solana:devnet'],
  name: 'Solana Devnet',
  explorerUrl: 'https://explorer.solana.com',
  testnet: true,
})

export const solanaTestnet = defineSolanaNetwork({
  genesisHash: clusterReferences['solana:testnet'],
  name: 'Solana Testnet',
  explorerUrl: 'https://explorer.solana.com',
  testnet: true,
})
