import { formatUnits } from 'viem'
import { z } from 'zod'
import { type EsploraClient, EsploraError, SATOSHI_DECIMALS } from '../chains/index.js'
import { ApiError } from '../http/apiError.js'

/**
 * One Bitcoin transaction as GET /v1/activity answers it: the ActivityItem shape with the txid as `hash`,
 * the block height as `blockNumber` (null while in the mempool) and the transaction's `fee`. `from` or `to`
 * is absent when no single other address paid or was paid.
 */
export type BitcoinActivityItem = {
  id: string
  hash: string
  blockNumber: number | null
  /** The block's time; for a transaction still in the mempool, the time of the answer. */
  timestamp: number
  status: 'confirmed' | 'pending'
  direction: 'in' | 'out' | 'self'
  from?: string
  to?: string
  kind: 'native'
  /**
   * In BTC: what the address received, or what it sent to others (the fee apart) when it paid every input;
   * when others paid inputs too, the change of its balance.
   */
  amount: string
  /** The transaction's fee, in BTC. */
  fee: string
}

export type BitcoinActivityPage = { data: BitcoinActivityItem[]; next: string | null }

/** Esplora's page sizes: 25 confirmed transactions a page, the newest 50 of the mempool. */
const chainPageSize = 25

const txid = z.string().regex(/^[0-9a-f]{64}$/)
const sats = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)
const output = z.object({ scriptpubkey_address: z.string().max(100).optional(), value: sats })
const transaction = z.object({
  txid,
  fee: sats,
  status: z.object({
    confirmed: z.boolean(),
    block_height: z.number().int().nonnegative().optional(),
    block_time: z.number().int().nonnegative().optional(),
  }),
  // A coinbase input spends no output: its prevout is null.
  vin: z.array(z.object({ prevout: output.nullable() })),
  vout: z.array(output),
})
const transactions = z.array(transaction)

type Transaction = z.output<typeof transaction>

/**
 * One page of `address`'s transactions on a Bitcoin network, newest first: the mempool's (up to Esplora's
 * 50), then the confirmed ones. `after` is the previous page's `next`, the txid of its last row; a txid the
 * mempool no longer holds is looked up among the confirmed ones (it may have been mined since), and one the
 * address never had is a 400.
 */
export async function listBitcoinActivity(
  esplora: EsploraClient,
  query: { address: string; after?: string; limit: number; now: () => number },
): Promise<BitcoinActivityPage> {
  const { address, after, limit } = query
  const path = `/address/${encodeURIComponent(address)}/txs`
  const mempool = await esplora.get(`${path}/mempool`, transactions)
  const inMempool = after === undefined ? -1 : mempool.findIndex((tx) => tx.txid === after)
  const rows = after === undefined || inMempool >= 0 ? mempool.slice(inMempool + 1) : []
  // Confirmed pages follow the mempool's rows, or the cursor when it was confirmed; one row past the
  // limit tells whether another page exists.
  let lastSeen = after === undefined || inMempool >= 0 ? undefined : after
  while (rows.length <= limit) {
    const page = await chainPage(esplora, path, lastSeen)
    // A transaction mined between the mempool's read and this one is in both: it is shown once, mined.
    const mined = new Set(page.map((tx) => tx.txid))
    rows.splice(0, rows.length, ...rows.filter((tx) => tx.status.confirmed || !mined.has(tx.txid)), ...page)
    const last = page[page.length - 1]
    if (page.length < chainPageSize || !last) break
    lastSeen = last.txid
  }
  const shown = rows.slice(0, limit)
  const answeredAt = Math.floor(query.now() / 1000)
  return {
    data: shown.map((tx) => itemOf(tx, address, answeredAt)),
    next: rows.length > limit ? (shown[shown.length - 1]?.txid ?? null) : null,
  }
}

/** Esplora's confirmed page after `lastSeen` (the newest when none); its refusal of the txid is a bad cursor. */
async function chainPage(esplora: EsploraClient, path: string, lastSeen: string | undefined) {
  try {
    return await esplora.get(`${path}/chain${lastSeen === undefined ? '' : `/${lastSeen}`}`, transactions)
  } catch (error) {
    if (lastSeen !== undefined && error instanceof EsploraError && error.status === 400)
      throw new ApiError(400, 'INVALID_REQUEST', 'cursor: not a cursor this api gave')
    throw error
  }
}

/** The distinct addresses among `outputs` other than `address`, when there is exactly one. */
function onlyOther(outputs: readonly { scriptpubkey_address?: string }[], address: string) {
  const others = new Set(
    outputs.flatMap(({ scriptpubkey_address: other }) => (other && other !== address ? [other] : [])),
  )
  return others.size === 1 ? [...others][0] : undefined
}

/** The address's side of one transaction, from the outputs it spent and those paid to it. */
function itemOf(tx: Transaction, address: string, answeredAt: number): BitcoinActivityItem {
  const prevouts = tx.vin.flatMap(({ prevout }) => (prevout ? [prevout] : []))
  const ours = (entry: { scriptpubkey_address?: string }) => entry.scriptpubkey_address === address
  const spent = prevouts.filter(ours).reduce((sum, { value }) => sum + BigInt(value), 0n)
  const received = tx.vout.filter(ours).reduce((sum, { value }) => sum + BigInt(value), 0n)
  const paidEveryInput = spent > 0n && tx.vin.every(({ prevout }) => prevout && ours(prevout))
  // Paying every input, the address paid the fee: what left it is what the other outputs got. Otherwise
  // its share of the fee is unknown, and the change of its balance is what it sent or got.
  const change = paidEveryInput
    ? -tx.vout.filter((entry) => !ours(entry)).reduce((sum, { value }) => sum + BigInt(value), 0n)
    : received - spent
  const base = {
    id: `${tx.txid}:native`,
    hash: tx.txid,
    blockNumber: tx.status.confirmed ? (tx.status.block_height ?? null) : null,
    timestamp: tx.status.confirmed ? (tx.status.block_time ?? answeredAt) : answeredAt,
    status: tx.status.confirmed ? ('confirmed' as const) : ('pending' as const),
  }
  const amount = formatUnits(change < 0n ? -change : change, SATOSHI_DECIMALS)
  const fee = formatUnits(BigInt(tx.fee), SATOSHI_DECIMALS)
  if (change > 0n) {
    const from = onlyOther(prevouts, address)
    return { ...base, direction: 'in', ...(from ? { from } : {}), to: address, kind: 'native', amount, fee }
  }
  if (change < 0n) {
    const to = onlyOther(tx.vout, address)
    return { ...base, direction: 'out', from: address, ...(to ? { to } : {}), kind: 'native', amount, fee }
  }
  return { ...base, direction: 'self', from: address, to: address, kind: 'native', amount, fee }
}
