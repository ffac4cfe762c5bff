import { getAddress } from 'viem'
import * as z from 'zod/mini'
import type { ApiClient } from '../api/client.js'
import type { SwapChainId, SwapToken } from './types.js'

/** Most tokens a list may hold; a longer answer is refused, not rendered. */
const maxTokens = 200
const text = z.string().check(z.maxLength(200))
const address = z.pipe(
  z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)),
  z.transform((value) => getAddress(value)),
)
const tokenSchema = z.object({
  name: text,
  symbol: z.string().check(z.minLength(1), z.maxLength(32)),
  address,
  decimals: z.number().check(z.int(), z.gte(0), z.lte(36)),
  logoUri: z.string().check(z.maxLength(2048)),
})
const configSchema = z.object({
  tokens: z.array(tokenSchema).check(z.maxLength(maxTokens)),
  router: address,
  weth: address,
})

export type SwapChainConfig = z.output<typeof configSchema> & { tokens: SwapToken[] }

/** The chain's swap tokens, router and WETH from the app's api (`GET /v1/swap/tokens`). */
export function swapChainConfig(api: ApiClient, chainId: SwapChainId): Promise<SwapChainConfig> {
  return api.get('/v1/swap/tokens', { chainId }, configSchema)
}
