import { getAddress } from 'viem'
import * as z from 'zod/mini'
import type { ApiClient } from '../api/client.js'
import { shownAsWritten } from '../ui/components/shownAsWritten.js'
import type { SwapChainId, SwapToken } from './types.js'
import { addressText as address, checksummed } from './wire.js'

/** Most tokens a list may hold; a longer answer is refused, not rendered. */
const maxTokens = 200
const text = z.string().check(z.maxLength(200))
const tokenSchema = z.object({
  name: text,
  symbol: z.string().check(z.minLength(1), z.maxLength(32)),
  address,
  decimals: z.number().check(z.int(), z.gte(0), z.lte(36)),
  logoUri: z.string().check(z.maxLength(2048)),
})
const localDexSchema = z.object({
  provider: z.literal('uniswap-v2'),
  tokens: z.array(tokenSchema).check(z.maxLength(maxTokens)),
  router: address,
  weth: address,
})
const aggregatorSchema = z.object({
  provider: z.literal('aggregator'),
  url: z.url({ protocol: /^https?$/ }).check(z.maxLength(2048)),
})
// A plain union: the discriminated one would add its code to the zod module every page loads first.
const configSchema = z.union([localDexSchema, aggregatorSchema])

export type LocalDexConfig = z.output<typeof localDexSchema> & { tokens: SwapToken[] }
export type SwapChainConfig = LocalDexConfig | z.output<typeof aggregatorSchema>

/**
 * Which swap provider the app's api chose for the chain (`GET /v1/swap/tokens`): its local DEX with the
 * tokens, router and WETH, or the operator's hosted aggregator by URL.
 */
export function swapChainConfig(api: ApiClient, chainId: SwapChainId): Promise<SwapChainConfig> {
  return api.get('/v1/swap/tokens', { chainId }, configSchema).then((config) =>
    config.provider === 'aggregator'
      ? config
      : {
          ...config,
          tokens: config.tokens.filter(shownAsWritten).map(checksummed),
          router: getAddress(config.router),
          weth: getAddress(config.weth),
        },
  )
}
