import { type Address, getAddress } from 'viem'
import type { Database } from '../db/index.js'

/** At most this many contracts are named; the balances read caps its own list too. */
const maxTokens = 200

/** The ERC-20 contracts the indexer has seen move tokens to or from `address` on `chainId`. */
export async function tokensSeenBy(db: Database, chainId: number, address: string): Promise<Address[]> {
  const owner = address.toLowerCase()
  const rows = await db.all<{ token: string }>(
    `SELECT token FROM indexer_transfers WHERE chain_id = ? AND kind = 'erc20' AND from_address = ?
     UNION
     SELECT token FROM indexer_transfers WHERE chain_id = ? AND kind = 'erc20' AND to_address = ?
     LIMIT ${maxTokens}`,
    [chainId, owner, chainId, owner],
  )
  return rows.map((row) => getAddress(row.token))
}
