import { formatUnits } from 'viem'
import { z } from 'zod'
import { LAMPORT_DECIMALS, type SolanaApiChain, type SolanaRpc, unlistedToken } from '../chains/index.js'

/**
 * One Solana transaction as GET /v1/activity answers it: the ActivityItem shape with a base58 signature
 * as `hash`, the slot as `blockNumber`, and base58 accounts. `from` or `to` is absent when no single
 * other account's balance moved the other way.
 */
export type SolanaActivityItem = {
  id: string
  hash: string
  blockNumber: number
  timestamp: number
  status: 'confirmed' | 'failed'
  direction: 'in' | 'out' | 'self'
  from?: string
  to?: string
  kind: 'native' | 'spl'
  /** In whole units (SOL, or the mint's decimals). */
  amount: string
  token?: { address: string; name: string; symbol: string; decimals: number }
}

export type SolanaActivityPage = { data: SolanaActivityItem[]; next: string | null }

/** Transactions read from the RPC at once while building a page. */
const concurrency = 10

const signaturesResult = z.array(
  z.object({ signature: z.string().max(88), blockTime: z.number().int().nullish() }),
)
const lamportList = z.array(z.number().int().nonnegative())
const tokenBalance = z.object({
  mint: z.string().max(44),
  owner: z.string().max(44).optional(),
  uiTokenAmount: z.object({
    amount: z.string().regex(/^\d{1,20}$/),
    decimals: z.number().int().min(0).max(255),
  }),
})
const transactionResult = z
  .object({
    slot: z.number().int().nonnegative(),
    blockTime: z.number().int().nullish(),
    transaction: z.object({ message: z.object({ accountKeys: z.array(z.string().max(44)) }) }),
    meta: z
      .object({
        err: z.unknown(),
        fee: z.number().int().nonnegative(),
        preBalances: lamportList,
        postBalances: lamportList,
        preTokenBalances: z.array(tokenBalance).nullish(),
        postTokenBalances: z.array(tokenBalance).nullish(),
        loadedAddresses: z
          .object({ writable: z.array(z.string().max(44)), readonly: z.array(z.string().max(44)) })
          .nullish(),
      })
      .nullable(),
  })
  .nullable()

type Transaction = NonNullable<z.output<typeof transactionResult>>
type Meta = NonNullable<Transaction['meta']>

/**
 * One page of `address`'s transactions on a Solana cluster, newest first, read from the chain itself
 * (getSignaturesForAddress, then getTransaction each): `before` is the previous page's `next`, the
 * signature the page starts after. Transactions the RPC no longer has are left out.
 */
export async function listSolanaActivity(
  rpc: SolanaRpc,
  chain: SolanaApiChain,
  query: { address: string; before?: string; limit: number },
): Promise<SolanaActivityPage> {
  const { address, before, limit } = query
  const signatures = await rpc.call(
    'getSignaturesForAddress',
    [address, { limit: limit + 1, commitment: 'confirmed', ...(before ? { before } : {}) }],
    signaturesResult,
  )
  const page = signatures.slice(0, limit)
  const data: SolanaActivityItem[] = []
  for (let at = 0; at < page.length; at += concurrency) {
    const read = await Promise.all(
      page.slice(at, at + concurrency).map(async (entry) => {
        const transaction = await rpc.call(
          'getTransaction',
          [entry.signature, { encoding: 'json', maxSupportedTransactionVersion: 0, commitment: 'confirmed' }],
          transactionResult,
        )
        return transaction?.meta
          ? itemOf(entry.signature, transaction, transaction.meta, address, chain, entry.blockTime)
          : undefined
      }),
    )
    for (const item of read) if (item) data.push(item)
  }
  const last = page[page.length - 1]
  return { data, next: signatures.length > limit && last ? last.signature : null }
}

/** Each account's (or owner's) change, where it changed; the fee payer's change leaves out the fee. */
function lamportChanges(keys: readonly string[], meta: Meta): Map<string, bigint> {
  const changes = new Map<string, bigint>()
  keys.forEach((key, index) => {
    const change =
      BigInt(meta.postBalances[index] ?? 0) -
      BigInt(meta.preBalances[index] ?? 0) +
      (index === 0 ? BigInt(meta.fee) : 0n)
    if (change !== 0n) changes.set(key, (changes.get(key) ?? 0n) + change)
  })
  return changes
}

function tokenChanges(meta: Meta): Map<string, { byOwner: Map<string, bigint>; decimals: number }> {
  const mints = new Map<string, { byOwner: Map<string, bigint>; decimals: number }>()
  const add = (balances: z.output<typeof tokenBalance>[] | null | undefined, sign: bigint) => {
    for (const { mint, owner, uiTokenAmount } of balances ?? []) {
      if (owner === undefined) continue
      const entry = mints.get(mint) ?? { byOwner: new Map(), decimals: uiTokenAmount.decimals }
      entry.byOwner.set(owner, (entry.byOwner.get(owner) ?? 0n) + sign * BigInt(uiTokenAmount.amount))
      mints.set(mint, entry)
    }
  }
  add(meta.preTokenBalances, -1n)
  add(meta.postTokenBalances, 1n)
  return mints
}

/** The one other party whose balance moved, when there is exactly one. */
function counterpartyOf(changes: ReadonlyMap<string, bigint>, address: string): string | undefined {
  const others = [...changes].filter(([key, change]) => key !== address && change !== 0n)
  return others.length === 1 ? others[0]?.[0] : undefined
}

/**
 * The address's side of one transaction: a token row when one of its SPL balances changed (SOL moved then
 * is fees and rent), else a SOL row from its lamport change apart from the fee.
 */
function itemOf(
  signature: string,
  transaction: Transaction,
  meta: Meta,
  address: string,
  chain: SolanaApiChain,
  listedTime: number | null | undefined,
): SolanaActivityItem {
  const keys = [
    ...transaction.transaction.message.accountKeys,
    ...(meta.loadedAddresses?.writable ?? []),
    ...(meta.loadedAddresses?.readonly ?? []),
  ]
  const base = {
    hash: signature,
    blockNumber: transaction.slot,
    timestamp: transaction.blockTime ?? listedTime ?? 0,
    status: meta.err === null || meta.err === undefined ? ('confirmed' as const) : ('failed' as const),
  }
  for (const [mint, { byOwner, decimals }] of tokenChanges(meta)) {
    const change = byOwner.get(address) ?? 0n
    if (change === 0n) continue
    const listed = chain.tokens.find((token) => token.mint === mint)
    const { name, symbol } = listed ?? unlistedToken(mint)
    return {
      id: `${signature}:${mint}`,
      ...base,
      ...sides(change, address, counterpartyOf(byOwner, address)),
      kind: 'spl',
      amount: formatUnits(change < 0n ? -change : change, decimals),
      token: { address: mint, name, symbol, decimals },
    }
  }
  const changes = lamportChanges(keys, meta)
  const change = changes.get(address) ?? 0n
  return {
    id: `${signature}:native`,
    ...base,
    ...sides(change, address, counterpartyOf(changes, address)),
    kind: 'native',
    amount: formatUnits(change < 0n ? -change : change, LAMPORT_DECIMALS),
  }
}

function sides(change: bigint, address: string, counterparty: string | undefined) {
  if (change > 0n)
    return { direction: 'in' as const, ...(counterparty ? { from: counterparty } : {}), to: address }
  if (change < 0n)
    return { direction: 'out' as const, from: address, ...(counterparty ? { to: counterparty } : {}) }
  return { direction: 'self' as const, from: address, to: address }
}
