import { readFileSync } from 'node:fs'
import { z } from 'zod'
import { type ApiChainConfig, apiChainSchema, apiTokenSchema } from '../api/chains/index.js'
import { type FrameChain, MAX_FRAME_TOKENS } from '../frame/index.js'

/**
 * A token of the file: the api's entry, plus the name, symbol and decimals the secure frame lists it with
 * when asked for the account's assets (EIP-7811). A token without all three is read by the api only.
 */
const fileTokenSchema = apiTokenSchema.extend({
  name: z.string().min(1).max(64).optional(),
  symbol: z.string().min(1).max(16).optional(),
  decimals: z.number().int().min(0).max(255).optional(),
})

/** The api's chain config plus an optional display name (the frame shows it as the network of a request). */
const chainEntrySchema = apiChainSchema.extend({
  name: z.string().min(1).max(64).optional(),
  tokens: z.array(fileTokenSchema).max(200).default([]),
})

type FileToken = z.input<typeof fileTokenSchema>

export type ChainsFileEntry = Omit<ApiChainConfig, 'tokens'> & { name?: string; tokens?: FileToken[] }

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

/**
 * The same chains as the secure frame signs for them: its own RPC URL, symbol and decimals, and the tokens
 * the file names with a name, symbol and decimals (the first MAX_FRAME_TOKENS of them).
 */
export function frameChainsOf(chains: readonly ChainsFileEntry[]): FrameChain[] {
  return chains.map((chain) => ({
    chainId: chain.chainId,
    name: chain.name ?? `Chain ${chain.chainId}`,
    rpcUrl: chain.rpcUrl,
    nativeCurrency: { symbol: chain.nativeCurrency.symbol, decimals: chain.nativeCurrency.decimals },
    tokens: (chain.tokens ?? [])
      .flatMap(({ address, name, symbol, decimals }) =>
        name === undefined || symbol === undefined || decimals === undefined
          ? []
          : [{ address, name, symbol, decimals }],
      )
      .slice(0, MAX_FRAME_TOKENS),
  }))
}
