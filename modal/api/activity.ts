import * as z from 'zod/mini'
import type { ApiClient } from './client.js'

/** Most transfers one page may hold (the api's own cap on `limit`). */
export const MAX_ACTIVITY_PAGE = 100

const evmAddress = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))

const activityItemSchema = z.object({
  id: z.string(),
  hash: z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/)),
  blockNumber: z.number(),
  timestamp: z.number(),
  status: z.literal('confirmed'),
  direction: z.enum(['in', 'out', 'self']),
  from: evmAddress,
  to: evmAddress,
  kind: z.enum(['native', 'erc20', 'erc721']),
  amount: z.string(),
  tokenId: z.optional(z.string()),
  token: z.optional(
    z.object({ address: evmAddress, name: z.string(), symbol: z.string(), decimals: z.number() }),
  ),
})

export const activityPageSchema = z.object({
  data: z.array(activityItemSchema).check(z.maxLength(MAX_ACTIVITY_PAGE)),
  next: z.nullable(z.string()),
})

export type ActivityItem = z.output<typeof activityItemSchema>
export type ActivityPage = z.output<typeof activityPageSchema>

export type ActivityQuery = { address: string; caipNetworkId: string; cursor?: string; limit?: number }

/** `GET /v1/activity`: one page of the address's transfers on the network, newest first. */
export function fetchActivity(api: ApiClient, query: ActivityQuery): Promise<ActivityPage> {
  const { limit, ...rest } = query
  return api.get(
    '/v1/activity',
    { ...rest, ...(limit === undefined ? {} : { limit: String(limit) }) },
    activityPageSchema,
  )
}
