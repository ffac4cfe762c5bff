import { getAddress, isAddress } from 'viem'
import { z } from 'zod'

const evmAddress = z
  .string()
  .refine((value) => isAddress(value, { strict: false }), 'not an EVM address')
  .transform((value) => getAddress(value))

// An icon is optional in the operator's config; the token-balance shape wants a string, '' when none.
const iconUrl = z.string().max(2048).default('')
// USD prices the static price source reads (spec: a static table by default, no outside host).
const usdPrice = z.number().nonnegative().finite().optional()

/** A bundler's name: a key of a chain's `bundlers` and the bundler path's `bundler` query parameter. */
export const bundlerNameSchema = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,31}$/, 'not a bundler name')

/** An ERC-20 token the api always reads (its name, symbol and decimals come from the chain). */
export const apiTokenSchema = z.object({ address: evmAddress, iconUrl, usdPrice })

/** One chain the api serves: where its RPC is, its native coin and the ERC-20 tokens always read. */
export const apiChainSchema = z.object({
  chainId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  rpcUrl: z.url({ protocol: /^https?$/ }),
  nativeCurrency: z.object({
    name: z.string().min(1).max(64),
    symbol: z.string().min(1).max(16),
    decimals: z.number().int().min(1).max(36),
    iconUrl,
    usdPrice,
  }),
  tokens: z.array(apiTokenSchema).max(200).default([]),
  // Where Multicall3 lives on this chain; absent (Anvil by default) the code rides along in each eth_call.
  multicall3: evmAddress.optional(),
  // The ERC-4337 bundlers the bundler path forwards to, by the name clients pass as `bundler`; none by default.
  bundlers: z
    .record(bundlerNameSchema, z.url({ protocol: /^https?$/ }))
    .refine((bundlers) => Object.keys(bundlers).length <= 8, 'at most 8 bundlers a chain')
    .default({}),
})

export type ApiChainConfig = z.input<typeof apiChainSchema>
export type ApiChain = z.output<typeof apiChainSchema>

/** The chain's CAIP-2 id, the form every route takes and answers with. */
export const caipNetworkIdOf = (chain: ApiChain) => `eip155:${chain.chainId}` as const
