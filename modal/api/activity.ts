import * as z from 'zod/mini'
import { clipText } from '../ui/components/clipText.js'
import { shownAsWritten } from '../ui/components/shownAsWritten.js'
import type { ApiClient } from './client.js'

/** Most transfers one page may hold (the api's own cap on `limit`). */
export const MAX_ACTIVITY_PAGE = 100

// An EVM address, a Solana one (base58 of 32 bytes), or a Bitcoin one (bech32 of mainnet, the test networks
// or regtest, or base58 with a version byte): the api serves the three families.
const accountAddress = z
  .string()
  .check(
    z.regex(
      /^(0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44}|(bc|tb|bcrt)1[02-9ac-hj-np-z]{8,87}|[123mn][1-9A-HJ-NP-Za-km-z]{25,34})$/,
    ),
  )

/** Longest token id kept whole: a uint256, ERC-721's token id, has at most 78 decimal digits. */
export const MAX_TOKEN_ID_LENGTH = 78

/**
 * Longest amount kept: a uint256 written with a uint8's decimals (formatUnits, as the api writes amounts and
 * fees) is at most '0.' and 255 digits. A number cannot be cut and still say the same amount, so a longer one
 * is left out and its row says it does not know the amount.
 */
export const MAX_AMOUNT_LENGTH = 257

// ECMAScript's Date reaches 8.64e15 ms either side of the epoch.
const maxDateSeconds = 8.64e12

const activityItemSchema = z.object({
  id: z.string(),
  /** A 0x transaction hash on EVM, a base58 signature on Solana, a txid (64 hex digits) on Bitcoin. */
  hash: z.string().check(z.regex(/^(0x[0-9a-fA-F]{64}|[1-9A-HJ-NP-Za-km-z]{64,88}|[0-9a-f]{64})$/)),
  /** Null for a Bitcoin transaction still in the mempool. */
  blockNumber: z.nullable(z.number()),
  /** Unix seconds, within what a Date holds: the Activity tab writes it as an ISO date, which throws outside. */
  timestamp: z.number().check(z.gte(0), z.lte(maxDateSeconds)),
  /** Pending: a Bitcoin transaction not yet in a block. */
  status: z.enum(['confirmed', 'failed', 'pending']),
  direction: z.enum(['in', 'out', 'self']),
  /** Absent on Solana when no single other account moved. */
  from: z.optional(accountAddress),
  to: z.optional(accountAddress),
  kind: z.enum(['native', 'erc20', 'erc721', 'spl']),
  amount: z.string(),
  /** The transaction's fee in the native coin, where the api tells it (Bitcoin). */
  fee: z.optional(z.string()),
  tokenId: z.optional(z.string()),
  token: z.optional(
    z.object({ address: accountAddress, name: z.string(), symbol: z.string(), decimals: z.number() }),
  ),
})

export const activityPageSchema = z.object({
  data: z.array(activityItemSchema).check(z.maxLength(MAX_ACTIVITY_PAGE)),
  next: z.nullable(z.string()),
})

type WireItem = z.output<typeof activityItemSchema>
/** A transfer as the views read it: its amount undefined when longer than MAX_AMOUNT_LENGTH. */
export type ActivityItem = Omit<WireItem, 'amount'> & { amount: string | undefined }
export type ActivityPage = { data: ActivityItem[]; next: string | null }

/**
 * A transfer's texts bounded, so that no view of it shows an api's megabyte: a token id is only shown, so a
 * longer one is cut; an amount is read as a number, so a longer one is absent. Done here rather than by
 * `z.transform` in the schema, which would grow the zod code every page loads (modal/swaps/wire.ts).
 */
function bounded({ amount, fee, tokenId, ...item }: WireItem): ActivityItem {
  const within = (text: string) => (text.length > MAX_AMOUNT_LENGTH ? undefined : text)
  return {
    ...item,
    amount: within(amount),
    ...(fee === undefined ? {} : { fee: within(fee) }),
    ...(tokenId === undefined ? {} : { tokenId: clipText(tokenId, MAX_TOKEN_ID_LENGTH) }),
  }
}

export type ActivityQuery = { address: string; caipNetworkId: string; cursor?: string; limit?: number }

/**
 * `GET /v1/activity`: one page of the address's transfers on the network, newest first. Transfers of a token
 * whose name or symbol would not show as written are left out: anyone can send an address a token, so
 * refusing the page would let them empty its Activity tab.
 */
export async function fetchActivity(api: ApiClient, query: ActivityQuery): Promise<ActivityPage> {
  const { limit, ...rest } = query
  const page = await api.get(
    '/v1/activity',
    { ...rest, ...(limit === undefined ? {} : { limit: String(limit) }) },
    activityPageSchema,
  )
  return {
    next: page.next,
    data: page.data.filter((item) => !item.token || shownAsWritten(item.token)).map(bounded),
  }
}
