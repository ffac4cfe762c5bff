import { z } from 'zod'
import { json, type ModuleDocs } from '../openapi/routeDoc.js'
import type { ActivityItem, BitcoinActivityItem, SolanaActivityItem } from './index.js'
import { activityQuery, holderQuery } from './routes.js'

/** viem's Hex and Address: `0x` text. */
const hex = z.templateLiteral(['0x', z.string()])
const token = z.object({ address: z.string(), name: z.string(), symbol: z.string(), decimals: z.number() })

const evmItem = z.object({
  id: z.string(),
  hash: hex,
  blockNumber: z.number(),
  timestamp: z.number(),
  status: z.literal('confirmed'),
  direction: z.enum(['in', 'out', 'self']),
  from: hex,
  to: hex,
  kind: z.enum(['native', 'erc20', 'erc721']),
  amount: z.string().describe("In whole units of the coin or token; '1' for an NFT."),
  tokenId: z.string().optional(),
  token: token.extend({ address: hex }).optional(),
}) satisfies z.ZodType<ActivityItem>

const solanaItem = z.object({
  id: z.string(),
  hash: z.string().describe('The base58 transaction signature.'),
  blockNumber: z.number().describe('The slot.'),
  timestamp: z.number(),
  status: z.enum(['confirmed', 'failed']),
  direction: z.enum(['in', 'out', 'self']),
  from: z.string().optional(),
  to: z.string().optional(),
  kind: z.enum(['native', 'spl']),
  amount: z.string(),
  token: token.optional(),
}) satisfies z.ZodType<SolanaActivityItem>

const bitcoinItem = z.object({
  id: z.string(),
  hash: z.string().describe('The txid, 64 hex digits.'),
  blockNumber: z.number().nullable().describe('The block height; null while in the mempool.'),
  timestamp: z.number().describe("The block's time; for a pending transaction, the time of the answer."),
  status: z.enum(['confirmed', 'pending']),
  direction: z.enum(['in', 'out', 'self']),
  from: z.string().optional(),
  to: z.string().optional(),
  kind: z.literal('native'),
  amount: z
    .string()
    .describe(
      'In BTC: received, or sent to others with the fee apart when the address paid every input, else the change of its balance.',
    ),
  fee: z.string().describe("The transaction's fee, in BTC."),
}) satisfies z.ZodType<BitcoinActivityItem>

/** A page of transfers, newest first; `next` is the cursor of the page after it. */
export const activityAnswerSchema = z.object({
  data: z.array(z.union([evmItem, solanaItem, bitcoinItem])),
  next: z.string().nullable(),
})

export const nftsAnswerSchema = z.object({
  data: z.array(
    z.object({
      contract: z.string(),
      tokenId: z.string(),
      collection: z.object({ name: z.string(), symbol: z.string() }),
      name: z.string().optional(),
      description: z.string().optional(),
      image: z.string().optional(),
    }),
  ),
})

export const activityDocs: ModuleDocs = {
  tag: 'activity',
  description:
    "Transfers and NFTs of an address, from the indexer (EVM), the cluster RPC (Solana) or the network's Esplora API (Bitcoin).",
  routes: [
    {
      method: 'get',
      path: '/v1/activity',
      summary:
        'Native, token and NFT transfers, newest first, paged by an opaque cursor (on Bitcoin: transactions, the mempool first)',
      auth: 'project',
      calledBy: ['modal'],
      query: activityQuery,
      responses: { 200: json('One page of transfers', activityAnswerSchema) },
    },
    {
      method: 'get',
      path: '/v1/nfts',
      summary: 'ERC-721 holdings with their metadata (empty on Solana and Bitcoin)',
      auth: 'project',
      calledBy: ['modal'],
      query: holderQuery,
      responses: { 200: json('The NFTs held', nftsAnswerSchema) },
    },
  ],
}
