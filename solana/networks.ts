import type { CaipNetwork } from '@pairwise/modal/adapter'
import { clusterReferences } from './chains.js'

export type SolanaNetworkInput = {
  /** The cluster's genesis hash (base58); the network's id is its first 32 characters, as CAIP-2 says. */
  genesisHash: string
  name: string
  rpcUrl: string
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
      default: { http: [input.rpcUrl], ...(input.wsUrl ? { webSocket: [input.wsUrl] } : {}) },
    },
    ...(input.explorerUrl
      ? { blockExplorers: { default: { name: 'Explorer', url: input.explorerUrl } } }
      : {}),
    ...(input.testnet === undefined ? {} : { testnet: input.testnet }),
  }
}

export const solana = defineSolanaNetwork({
  genesisHash: clusterReferences['solana:mainnet'],
  name: 'Solana',
  rpcUrl: 'https://api.mainnet-beta.solana.com',
  explorerUrl: 'https://explorer.solana.com',
})

export const solanaDevnet = defineSolanaNetwork({
  genesisHash: clusterReferences['solana:devnet'],
  name: 'Solana Devnet',
  rpcUrl: 'https://api.devnet.solana.com',
  explorerUrl: 'https://explorer.solana.com',
  testnet: true,
})

export const solanaTestnet = defineSolanaNetwork({
  genesisHash: clusterReferences['solana:testnet'],
  name: 'Solana Testnet',
  rpcUrl: 'https://api.testnet.solana.com',
  explorerUrl: 'https://explorer.solana.com',
  testnet: true,
})
