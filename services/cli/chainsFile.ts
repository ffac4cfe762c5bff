import { readFileSync } from 'node:fs'
import { z } from 'zod'
import { type ApiChainConfig, apiChainSchema } from '../api/chains/index.js'
import type { FrameChain } from '../frame/index.js'

/** The api's chain config plus an optional display name (the frame shows it as the network of a request). */
const chainEntrySchema = apiChainSchema.extend({ name: z.string().min(1).max(64).optional() })

export type ChainsFileEntry = ApiChainConfig & { name?: string }

/** The `--chains` file: a JSON array of chain configs, each checked before anything starts. */
export function readChainsFile(file: string): ChainsFileEntry[] {
  let parsed: unknown
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw new Error(`--chains: cannot read ${file} as JSON (${(error as Error).message})`)
  }
  const chains = z.array(chainEntrySchema).max(64).safeParse(parsed)
  if (!chains.success) {
    const issue = chains.error.issues[0]
    throw new Error(`--chains: ${issue?.path.join('.') || 'file'}: ${issue?.message}`)
  }
  return chains.data
}

/** The same chains as the secure frame signs for them: its own RPC URL, symbol and decimals. */
export function frameChainsOf(chains: readonly ChainsFileEntry[]): FrameChain[] {
  return chains.map((chain) => ({
    chainId: chain.chainId,
    name: chain.name ?? `Chain ${chain.chainId}`,
    rpcUrl: chain.rpcUrl,
    nativeCurrency: { symbol: chain.nativeCurrency.symbol, decimals: chain.nativeCurrency.decimals },
  }))
}
