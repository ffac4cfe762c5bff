import { describe, expect, it } from 'vitest'
import { nftsHeldBy } from '../../../services/api/activity/nftHoldings.js'
import { migrate } from '../../../services/api/db/index.js'
import { indexerMigrations } from '../../../services/api/indexer/index.js'
import { eachDatabase } from './support/databases.js'

const chainId = 31337
const owner = `0x${'a'.repeat(40)}`
const stranger = `0x${'5'.repeat(40)}`
const collection = `0x${'c'.repeat(40)}`
const spam = `0x${'d'.repeat(40)}`

describe.each(eachDatabase())('the NFTs an address holds on $name', (store) => {
  it('lists a collection’s newest few, newest first: an airdrop of more than an answer holds neither hides what the address held before nor what it gets after', async () => {
    const db = await store.open()
    await migrate(db, [indexerMigrations])
    const mints = [
      { block: 10, log: 0, token: collection, tokenId: '1' },
      { block: 11, log: 0, token: collection, tokenId: '2' },
      // One transaction minting the owner more NFTs than one answer lists.
      ...Array.from({ length: 5 }, (_, n) => ({ block: 20, log: n, token: spam, tokenId: String(n) })),
      { block: 30, log: 0, token: collection, tokenId: '3' },
    ]
    await db.run(
      `INSERT INTO indexer_transfers (chain_id, block_number, tx_index, log_index, tx_hash, timestamp, kind,
         token, from_address, to_address, amount, token_id)
       VALUES ${mints.map(() => `(?, ?, 0, ?, ?, 0, 'erc721', ?, ?, ?, '1', ?)`).join(', ')}`,
      mints.flatMap(({ block, log, token, tokenId }) => [
        chainId,
        block,
        log,
        `0x${block.toString(16).padStart(64, '0')}`,
        token,
        stranger,
        owner,
        tokenId,
      ]),
    )
    const held = await nftsHeldBy(db, { chainId, address: owner, limit: 5, perCollection: 2 })
    expect(held.map(({ token, tokenId }) => `${token}:${tokenId}`)).toEqual([
      `${collection}:3`,
      `${spam}:4`,
      `${spam}:3`,
      `${collection}:2`,
    ])
  })
})
