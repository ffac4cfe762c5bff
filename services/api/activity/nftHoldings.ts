import type { Database } from '../db/index.js'

export type NftHolding = { token: string; tokenId: string; collection: { name: string; symbol: string } }

/**
 * NFTs of one collection an answer lists at most. Anyone can mint an address NFTs, hundreds in one
 * transaction: a collection's newest this many are listed, so one airdrop takes this many places of an
 * answer, not all of them, and what the address bought since still shows.
 */
export const MAX_NFTS_PER_COLLECTION = 20

/**
 * The ERC-721 tokens `address` holds on `chainId`, derived from the indexed transfers: those whose
 * newest transfer went to it. Newest first, at most `limit`, and of each collection its newest
 * `perCollection`.
 */
export async function nftsHeldBy(
  db: Database,
  {
    chainId,
    address,
    limit,
    perCollection = MAX_NFTS_PER_COLLECTION,
  }: { chainId: number; address: string; limit: number; perCollection?: number },
): Promise<NftHolding[]> {
  const rows = await db.all<{ token: string; token_id: string; name: string | null; symbol: string | null }>(
    `SELECT token, token_id, name, symbol FROM (
       SELECT t.token, t.token_id, k.name, k.symbol, t.block_number, t.tx_index, t.log_index,
         ROW_NUMBER() OVER (
           PARTITION BY t.token ORDER BY t.block_number DESC, t.tx_index DESC, t.log_index DESC
         ) AS nth
       FROM indexer_transfers t
       LEFT JOIN indexer_tokens k ON k.chain_id = t.chain_id AND k.address = t.token
       WHERE t.chain_id = ? AND t.to_address = ? AND t.kind = 'erc721' AND NOT EXISTS (
         SELECT 1 FROM indexer_transfers u
         WHERE u.chain_id = t.chain_id AND u.token = t.token AND u.token_id = t.token_id
           AND (u.block_number, u.tx_index, u.log_index) > (t.block_number, t.tx_index, t.log_index))
     ) AS held
     WHERE nth <= ?
     ORDER BY block_number DESC, tx_index DESC, log_index DESC LIMIT ?`,
    [chainId, address.toLowerCase(), perCollection, limit],
  )
  return rows.map((row) => ({
    token: row.token,
    tokenId: row.token_id,
    collection: { name: row.name ?? '', symbol: row.symbol ?? '' },
  }))
}
