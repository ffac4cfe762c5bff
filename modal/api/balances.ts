import * as z from 'zod/mini'
import type { TokenBalance } from '../state/types.js'
import type { ApiClient } from './client.js'

/** Most tokens one answer may list; a longer answer is refused rather than rendered. */
export const MAX_TOKEN_BALANCES = 500

export const tokenBalanceSchema = z.object({
  name: z.string(),
  symbol: z.string(),
  chainId: z.string(),
  address: z.optional(z.string()),
  value: z.number(),
  price: z.number(),
  quantity: z.object({ decimals: z.string(), numeric: z.string() }),
  iconUrl: z.string(),
})

export const balancesResponseSchema = z.object({
  balances: z.array(tokenBalanceSchema).check(z.maxLength(MAX_TOKEN_BALANCES)),
})

export type BalancesQuery = { address: string; caipNetworkId: string }

/** `GET /v1/balances`: the token balances of `address` on the network `caipNetworkId`. */
export async function fetchBalances(api: ApiClient, query: BalancesQuery): Promise<TokenBalance[]> {
  const { balances } = await api.get('/v1/balances', query, balancesResponseSchema)
  return balances
}
