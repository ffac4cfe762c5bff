import { type Address, formatUnits, getAddress, type Hex } from 'viem'
import type { Database } from '../db/index.js'
import type { TransferKind } from '../indexer/transferRow.js'
import { encodeCursor, type Position } from './activityCursor.js'

export type ActivityToken = { address: Address; name: string; symbol: string; decimals: number }

/** One transfer as GET /v1/activity answers it (api contract). */
export type ActivityItem = {
  id: string
  hash: Hex
  blockNumber: number
  timestamp: number
  status: 'confirmed'
  direction: 'in' | 'out' | 'self'
  from: Address
  to: Address
  kind: TransferKind
  /** In whole units (formatted with the coin's or token's decimals); '1' for an NFT. */
  amount: string
  tokenId?: string
  token?: ActivityToken
}

export type ActivityPage = { data: ActivityItem[]; next: string | null }

type TransferRecord = {
  block_number: number
  tx_index: number
  log_index: number
  tx_hash: string
  timestamp: number
  kind: string
  token: string
  from_address: string
  to_address: string
  amount: string
  token_id: string | null
}
type TokenRecord = { address: string; name: string; symbol: string; decimals: number }

const columns =
  'block_number, tx_index, log_index, tx_hash, timestamp, kind, token, from_address, to_address, amount, token_id'
const order = 'ORDER BY block_number DESC, tx_index DESC, log_index DESC'
const before = '(block_number, tx_index, log_index) < (?, ?, ?)'

/**
 * One page of `address`'s transfers on `chainId` older than `after`, newest first: the transfers it sent
 * and those it received, each read along its own index and merged.
 */
export async function listActivity(
  db: Database,
  query: { chainId: number; address: Address; after: Position; limit: number; nativeDecimals: number },
): Promise<ActivityPage> {
  const { chainId, after, limit } = query
  const address = query.address.toLowerCase()
  const at = [after.block, after.tx, after.log]
  const rows = await db.all<TransferRecord>(
    `SELECT * FROM (SELECT ${columns} FROM indexer_transfers
       WHERE chain_id = ? AND from_address = ? AND ${before} ${order} LIMIT ?) AS sent
     UNION ALL
     SELECT * FROM (SELECT ${columns} FROM indexer_transfers
       WHERE chain_id = ? AND to_address = ? AND from_address <> ? AND ${before} ${order} LIMIT ?) AS received
     ${order} LIMIT ?`,
    [chainId, address, ...at, limit + 1, chainId, address, address, ...at, limit + 1, limit + 1],
  )
  const page = rows.slice(0, limit)
  const tokens = await tokensOf(db, chainId, page)
  const last = page[page.length - 1]
  return {
    data: page.map((row) => itemOf(row, address, tokens.get(row.token), query.nativeDecimals)),
    next:
      rows.length > limit && last
        ? encodeCursor({ block: last.block_number, tx: last.tx_index, log: last.log_index })
        : null,
  }
}

async function tokensOf(db: Database, chainId: number, rows: readonly TransferRecord[]) {
  const addresses = [...new Set(rows.map((row) => row.token).filter((token) => token !== ''))]
  if (addresses.length === 0) return new Map<string, TokenRecord>()
  const tokens = await db.all<TokenRecord>(
    `SELECT address, name, symbol, decimals FROM indexer_tokens
     WHERE chain_id = ? AND address IN (${addresses.map(() => '?').join(', ')})`,
    [chainId, ...addresses],
  )
  return new Map(tokens.map((token) => [token.address, token]))
}

function itemOf(row: TransferRecord, owner: string, token: TokenRecord | undefined, nativeDecimals: number) {
  const kind = row.kind as TransferKind
  const direction = row.from_address === row.to_address ? 'self' : row.from_address === owner ? 'out' : 'in'
  const item: ActivityItem = {
    id: `${row.tx_hash}:${row.log_index < 0 ? 'value' : row.log_index}`,
    hash: row.tx_hash as Hex,
    blockNumber: row.block_number,
    timestamp: row.timestamp,
    status: 'confirmed',
    direction,
    from: getAddress(row.from_address),
    to: getAddress(row.to_address),
    kind,
    amount:
      kind === 'native'
        ? formatUnits(BigInt(row.amount), nativeDecimals)
        : kind === 'erc20'
          ? formatUnits(BigInt(row.amount), token?.decimals ?? 0)
          : row.amount,
  }
  if (row.token_id !== null) item.tokenId = row.token_id
  if (kind !== 'native')
    item.token = {
      address: getAddress(row.token),
      name: token?.name ?? '',
      symbol: token?.symbol ?? '',
      decimals: token?.decimals ?? 0,
    }
  return item
}
