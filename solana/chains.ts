import type { CaipNetwork } from '@pairwise/modal/adapter'

/** The Wallet Standard's Solana chains (`@solana/wallet-standard-chains`): a wallet lists those it serves. */
export const solanaChains = ['solana:mainnet', 'solana:devnet', 'solana:testnet', 'solana:localnet'] as const
export type SolanaChain = (typeof solanaChains)[number]

/** The CAIP-2 references of the public clusters: the first 32 characters of each genesis hash. */
export const clusterReferences = {
  'solana:mainnet': '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'solana:devnet': 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  'solana:testnet': '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
} as const satisfies Partial<Record<SolanaChain, string>>

/**
 * The chain a wallet is asked to act on for `network`: a public cluster by its genesis reference, and any
 * other Solana network (a validator or litesvm on this machine) as `solana:localnet`. AppKit 1.7 throws
 * 'Invalid chain id' for the latter, so it cannot be used against a local chain.
 */
export function solanaChainOf(network: Pick<CaipNetwork, 'id'>): SolanaChain {
  const cluster = Object.entries(clusterReferences).find(([, reference]) => reference === String(network.id))
  return cluster ? (cluster[0] as SolanaChain) : 'solana:localnet'
}

export function isSolanaChain(value: string): value is SolanaChain {
  return (solanaChains as readonly string[]).includes(value)
}
