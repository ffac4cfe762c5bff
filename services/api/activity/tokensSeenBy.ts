import { type Address, getAddress } from 'viem'
import type { Database } from '../db/index.js'

/** At most this many contracts are named; the balances read caps its own list too. */
const maxTokens = 200

/**
 * The ERC-20 contracts the indexer has seen move tokens to or from `address` on `chainId`, at most
 * `maxTokens`, each placed by the transfer that first moved it, earliest first. Anyone can send an address
 * tokens, and a token contract anyone wrote can log a transfer from it too (address poisoning does), so no
 * direction tells the user's tokens from spam. Earliest, not newest: an attacker can always airdrop more,
 * later, so newest-first would let any flood push out every token the address holds; earliest-first keeps
 * every token that arrived before a flood began, and loses only one first seen after 200 others.
 */
export async function tokensSeenBy(db: Database, chainId: number, address: string): Promise<Address[]> {
  const owner = address.toLowerCase()
  // Each half reads one of the address indexes; a token's earliest move places it.
  const rows = await db.all<{ token: string }>(
    `SELECT token FROM (
       SELECT token, block_number, tx_index, log_index, ROW_NUMBER() OVER (
         PARTITION BY token ORDER BY block_number, tx_index, log_index) AS nth
       FROM (
         SELECT token, block_number, tx_index, log_index FROM indexer_transfers
         WHERE chain_id = ? AND from_address = ? AND kind = 'erc20'
         UNION ALL
         SELECT token, block_number, tx_index, log_index FROM indexer_transfers
         WHERE chain_id = ? AND to_address = ? AND kind = 'erc20'
       ) AS moves
     ) AS firsts
     WHERE nth = 1
     ORDER BY block_number, tx_index, log_index
     LIMIT ${maxTokens}`,
    [chainId, owner, chainId, owner],
  )
  return rows.map((row) => getAddress(row.token))
}
