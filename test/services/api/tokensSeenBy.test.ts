import { getAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { tokensSeenBy } from '../../../services/api/activity/index.js'
import { type Database, migrate } from '../../../services/api/db/index.js'
import { indexerMigrations } from '../../../services/api/indexer/index.js'
import { eachDatabase } from './support/databases.js'

const chainId = 31337
const owner = `0x${'a'.repeat(40)}`
const stranger = `0x${'5'.repeat(40)}`
/** A token contract by number: spam gets low ones, sorting before the real tokens by address. */
const token = (n: number) => `0x${n.toString(16).padStart(40, '0')}`
const realToken = `0x${'f'.repeat(40)}`
const spentToken = `0x${'e'.repeat(40)}`

type Move = { block: number; token: string; from: string; to: string }

/** ERC-20 transfers as the indexer stores them, one a block. */
async function indexed(db: Database, moves: readonly Move[]): Promise<void> {
  await db.run(
    `INSERT INTO indexer_transfers (chain_id, block_number, tx_index, log_index, tx_hash, timestamp, kind, token,
       from_address, to_address, amount) VALUES ${moves.map(() => `(?, ?, 0, 0, ?, ?, 'erc20', ?, ?, ?, '1')`).join(', ')}`,
    moves.flatMap(({ block, token, from, to }) => [
      chainId,
      block,
      `0x${block.toString(16).padStart(64, '0')}`,
      block,
      token,
      from,
      to,
    ]),
  )
}

describe.each(eachDatabase())('the ERC-20 contracts seen by an address on $name', (store) => {
  it('keeps the tokens it first saw, earliest first, when a later airdrop flood passes the cap of 200', async () => {
    const db = await store.open()
    await migrate(db, [indexerMigrations])
    // Each one lower by address than the one before, so first-seen is not the same order as by address.
    const spam = Array.from({ length: 250 }, (_, i) => token(250 - i))
    await indexed(db, [
      { block: 10, token: realToken, from: stranger, to: owner },
      // Forged sends, as address poisoning logs them: a token contract can name any sender.
      ...spam.map((address, i) => ({
        block: 20 + i,
        token: address,
        from: i % 2 ? owner : stranger,
        to: i % 2 ? stranger : owner,
      })),
      // Moved before the flood, and again in its midst: its first move places it.
      { block: 15, token: spentToken, from: owner, to: stranger },
      { block: 400, token: spentToken, from: stranger, to: owner },
    ])
    expect(await tokensSeenBy(db, chainId, owner)).toEqual(
      [realToken, spentToken, ...spam.slice(0, 198)].map((address) => getAddress(address)),
    )
  })
})
