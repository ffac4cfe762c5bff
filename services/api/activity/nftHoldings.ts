import type { Database } from '../db/index.js'

export type NftHolding = { token: string; tokenId: string; collection: { name: string; symbol: string } }

/**
 * The ERC-721 tokens `address` holds on `chainId`, derived from the indexed transfers: those whose
 * newest transfer went to it. At most `limit`, those held longest, answered newest first. Anyone can mint
 * an address NFTs, hundreds in one transaction: were the newest kept, one such airdrop would push every
 * NFT the address owns out of the answer; as for tokensSeenBy, a flood only hides what arrives after it.
 */
export async function nftsHeldBy(
  db: Database,
  { chainId, address, limit }: { chainId: number; address: string; limit: number },
): Promise<NftHolding[]> {
  const rows = await db.all<{ token: string; token_id: string; name: string | null; symbol: string | null }>(
    `SELECT token, token_id, name, symbol FROM (
       SELECT t.token, t.token_id, k.name, k.symbol, t.block_number, t.tx_index, t.log_index
       FROM indexer_transfers t
       LEFT JOIN indexer_tokens k ON k.chain_id = t.chain_id AND k.address = t.token
       WHERE t.chain_id = ? AND t.to_address = ? AND t.kind = 'erc721' AND NOT EXISTS (
         SELECT 1 FROM indexer_transfers u
         WHERE u.chain_id = t.chain_id AND u.token = t.token AND u.token_id = t.token_id
           AND (u.block_number, u.tx_index, u.log_index) > (t.block_number, t.tx_index, t.log_index))
       ORDER BY t.block_number, t.tx_index, t.log_index LIMIT ?
     ) AS held
     ORDER BY block_number DESC, tx_index DESC, log_index DESC`,
    [chainId, address.toLowerCase(), limit],
  )
  return rows.map((row) => ({
    token: row.token,
    tokenId: row.token_id,
    collection: { name: row.name ?? '', symbol: row.symbol ?? '' },
  }))
}
