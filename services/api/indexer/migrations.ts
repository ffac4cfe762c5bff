import type { Migrations } from '../db/index.js'

const position = 'block_number, tx_index, log_index'

/**
 * The indexer's tables. Addresses are stored lowercase (checksummed on the way out); amounts and token
 * ids as decimal TEXT. A transfer's place is (block, transaction index, log index), the log index being
 * -1 for the transaction's own value. Only the newest block hashes are kept (for reorg detection). A
 * token remembers the block it was first seen in: a contract deployed on a dropped fork may hold other
 * code at the same address on the new one.
 */
export const indexerMigrations: Migrations = {
  module: 'indexer',
  steps: [
    [
      `CREATE TABLE indexer_blocks (
        chain_id BIGINT NOT NULL, number BIGINT NOT NULL, hash TEXT NOT NULL, parent_hash TEXT NOT NULL,
        PRIMARY KEY (chain_id, number))`,
      `CREATE TABLE indexer_transfers (
        chain_id BIGINT NOT NULL, block_number BIGINT NOT NULL, tx_index INTEGER NOT NULL,
        log_index INTEGER NOT NULL, tx_hash TEXT NOT NULL, timestamp BIGINT NOT NULL, kind TEXT NOT NULL,
        token TEXT NOT NULL, from_address TEXT NOT NULL, to_address TEXT NOT NULL, amount TEXT NOT NULL,
        token_id TEXT, PRIMARY KEY (chain_id, ${position}))`,
      `CREATE INDEX indexer_transfers_from ON indexer_transfers (chain_id, from_address, ${position})`,
      `CREATE INDEX indexer_transfers_to ON indexer_transfers (chain_id, to_address, ${position})`,
      `CREATE INDEX indexer_transfers_nft ON indexer_transfers (chain_id, token, token_id, ${position})`,
      `CREATE TABLE indexer_tokens (
        chain_id BIGINT NOT NULL, address TEXT NOT NULL, kind TEXT NOT NULL, name TEXT NOT NULL,
        symbol TEXT NOT NULL, decimals INTEGER NOT NULL, first_block BIGINT NOT NULL,
        PRIMARY KEY (chain_id, address))`,
      `CREATE TABLE indexer_nft_metadata (
        chain_id BIGINT NOT NULL, token TEXT NOT NULL, token_id TEXT NOT NULL, name TEXT, description TEXT,
        image TEXT, expires_at BIGINT NOT NULL, PRIMARY KEY (chain_id, token, token_id))`,
    ],
  ],
}
