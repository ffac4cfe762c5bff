import type { Database, SqlValue } from '../db/index.js'
import { lockedTransaction, type Transaction } from '../db/lockedTransaction.js'
import type { BlockHead, TokenInfo } from './chainReader.js'
import type { TransferRow } from './transferRow.js'

type Statements = Pick<Database, 'run'>

const sameHead = (a: BlockHead | undefined, b: BlockHead | undefined) =>
  a?.number === b?.number && a?.hash === b?.hash

export type StoredBlock = { number: number; hash: string; parentHash: string }
export type NewToken = { address: string; info: TokenInfo; firstBlock: number }

// Both stores take well over this many bound values in one statement (SQLite 32766, PostgreSQL 65535).
const maxParams = 8000

/** `rows` in as few multi-row INSERTs as the parameter limit allows; rows already there are kept. */
async function insertMany(tx: Statements, table: string, columns: readonly string[], rows: SqlValue[][]) {
  const perStatement = Math.floor(maxParams / columns.length)
  const tuple = `(${columns.map(() => '?').join(', ')})`
  for (let at = 0; at < rows.length; at += perStatement) {
    const chunk = rows.slice(at, at + perStatement)
    await tx.run(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${chunk.map(() => tuple).join(', ')} ON CONFLICT DO NOTHING`,
      chunk.flat(),
    )
  }
}

/** The indexer's rows of one chain. */
export class IndexerStore {
  constructor(
    private readonly db: Database,
    private readonly chainId: number,
  ) {}

  head(): Promise<BlockHead | undefined> {
    return this.headIn(this.db)
  }

  private async headIn(db: Transaction): Promise<BlockHead | undefined> {
    const row = await db.get<{ number: number; hash: string }>(
      'SELECT number, hash FROM indexer_blocks WHERE chain_id = ? ORDER BY number DESC LIMIT 1',
      [this.chainId],
    )
    return row && { number: row.number, hash: row.hash as BlockHead['hash'] }
  }

  /** Stored hashes of blocks `from`…`to` by number (blocks pruned or never seen are absent). */
  async hashes(from: number, to: number): Promise<Map<number, string>> {
    const rows = await this.db.all<{ number: number; hash: string }>(
      'SELECT number, hash FROM indexer_blocks WHERE chain_id = ? AND number >= ? AND number <= ?',
      [this.chainId, from, to],
    )
    return new Map(rows.map((row) => [row.number, row.hash]))
  }

  async oldest(): Promise<number | undefined> {
    const row = await this.db.get<{ number: number }>(
      'SELECT number FROM indexer_blocks WHERE chain_id = ? ORDER BY number ASC LIMIT 1',
      [this.chainId],
    )
    return row?.number
  }

  /** Which of `addresses` (lowercase) have their name and symbol stored already. */
  async knownTokens(addresses: readonly string[]): Promise<Set<string>> {
    if (addresses.length === 0) return new Set()
    const rows = await this.db.all<{ address: string }>(
      `SELECT address FROM indexer_tokens WHERE chain_id = ? AND address IN (${addresses.map(() => '?').join(', ')})`,
      [this.chainId, ...addresses],
    )
    return new Set(rows.map((row) => row.address))
  }

  /**
   * Writes to this chain's rows one at a time (across processes too), so the head a write checks is the
   * head it writes on.
   */
  private exclusive<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return lockedTransaction(this.db, [`indexer:${this.chainId}`], work)
  }

  /**
   * One range's blocks, transfers and new tokens in one transaction, then the hashes below `keepFrom`
   * dropped (reorgs deeper than what is kept re-index from the start). Only on top of `parent`, the head
   * the range was read after: false, writing nothing, when the stored head is another by now. A process
   * that lost the indexer may still finish a range it read (maybe of a fork the new holder rolled back);
   * its rows would sit beside the new holder's at other places of the same blocks.
   */
  async save(
    parent: BlockHead | undefined,
    blocks: readonly StoredBlock[],
    transfers: readonly TransferRow[],
    tokens: readonly NewToken[],
    keepFrom: number,
  ): Promise<boolean> {
    const chainId = this.chainId
    return this.exclusive(async (tx) => {
      if (!sameHead(await this.headIn(tx), parent)) return false
      await insertMany(
        tx,
        'indexer_tokens',
        ['chain_id', 'address', 'kind', 'name', 'symbol', 'decimals', 'first_block'],
        tokens.map(({ address, info, firstBlock }) => [
          chainId,
          address,
          info.kind,
          info.name,
          info.symbol,
          info.decimals,
          firstBlock,
        ]),
      )
      await insertMany(
        tx,
        'indexer_transfers',
        [
          'chain_id',
          'block_number',
          'tx_index',
          'log_index',
          'tx_hash',
          'timestamp',
          'kind',
          'token',
          'from_address',
          'to_address',
          'amount',
          'token_id',
        ],
        transfers.map((t) => [
          chainId,
          t.blockNumber,
          t.txIndex,
          t.logIndex,
          t.txHash,
          t.timestamp,
          t.kind,
          t.token,
          t.from,
          t.to,
          t.amount,
          t.tokenId,
        ]),
      )
      await insertMany(
        tx,
        'indexer_blocks',
        ['chain_id', 'number', 'hash', 'parent_hash'],
        blocks.map((b) => [chainId, b.number, b.hash, b.parentHash]),
      )
      await tx.run('DELETE FROM indexer_blocks WHERE chain_id = ? AND number < ?', [chainId, keepFrom])
      return true
    })
  }

  /**
   * Forgets every block, transfer and token first seen above `number` (-1: everything of this chain),
   * and the NFT metadata read so far (a cache; tokenURIs may differ on the new fork).
   */
  async rollbackAbove(number: number): Promise<void> {
    await this.exclusive(async (tx) => {
      await tx.run('DELETE FROM indexer_tokens WHERE chain_id = ? AND first_block > ?', [
        this.chainId,
        number,
      ])
      await tx.run('DELETE FROM indexer_nft_metadata WHERE chain_id = ?', [this.chainId])
      await tx.run('DELETE FROM indexer_transfers WHERE chain_id = ? AND block_number > ?', [
        this.chainId,
        number,
      ])
      await tx.run('DELETE FROM indexer_blocks WHERE chain_id = ? AND number > ?', [this.chainId, number])
    })
  }
}
