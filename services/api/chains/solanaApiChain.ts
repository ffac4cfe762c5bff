import { base58 } from '@scure/base'
import { z } from 'zod'

/** A Solana address (or mint): base58 of 32 bytes, 32 to 44 characters (VAL-04). */
export function isSolanaAddress(value: string): boolean {
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(value)) return false
  try {
    return base58.decode(value).length === 32
  } catch {
    return false
  }
}

const solanaAddress = z.string().refine(isSolanaAddress, 'not a Solana address')
const iconUrl = z.string().max(2048).default('')
const usdPrice = z.number().nonnegative().finite().optional()

/** SOL's decimals: one SOL is 10^9 lamports on every cluster. */
export const LAMPORT_DECIMALS = 9

/** One Solana cluster the api serves: its RPC, how SOL is shown and priced, and the SPL tokens it names. */
export const solanaApiChainSchema = z.object({
  // The CAIP-2 id is 'solana:' + the first 32 characters of the genesis hash.
  genesisHash: solanaAddress,
  rpcUrl: z.url({ protocol: /^https?$/ }),
  nativeCurrency: z
    .object({
      name: z.string().min(1).max(64).default('Solana'),
      symbol: z.string().min(1).max(16).default('SOL'),
      iconUrl,
      usdPrice,
    })
    .default({ name: 'Solana', symbol: 'SOL', iconUrl: '' }),
  tokens: z
    .array(
      z.object({
        mint: solanaAddress,
        name: z.string().min(1).max(64),
        symbol: z.string().min(1).max(16),
        iconUrl,
        usdPrice,
      }),
    )
    .max(200)
    .default([]),
})

export type SolanaApiChainConfig = z.input<typeof solanaApiChainSchema>
export type SolanaApiChain = z.output<typeof solanaApiChainSchema>

/** The cluster's CAIP-2 id, the form every route takes and answers with. */
export const solanaCaipNetworkIdOf = (chain: Pick<SolanaApiChain, 'genesisHash'>) =>
  `solana:${chain.genesisHash.slice(0, 32)}` as const

/** What the api shows for a mint its chain config does not name. */
export function unlistedToken(mint: string): { name: string; symbol: string; iconUrl: string } {
  return { name: 'Unknown token', symbol: mint.slice(0, 4), iconUrl: '' }
}
