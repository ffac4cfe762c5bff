import type { Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { migrate } from '../../../services/api/db/index.js'
import { indexerMigrations } from '../../../services/api/indexer/index.js'
import { IndexerStore } from '../../../services/api/indexer/store.js'
import type { TransferRow } from '../../../services/api/indexer/transferRow.js'
import { eachDatabase } from './support/databases.js'

const chainId = 31337
const hash = (tag: string): Hex => `0x${tag.padStart(64, '0')}`
const block = (number: number, tag: string, parentTag: string) => ({
  number,
  hash: hash(tag),
  parentHash: hash(parentTag),
})
const payment = (blockNumber: number, txIndex: number, to: string): TransferRow => ({
  blockNumber,
  txIndex,
  logIndex: -1,
  txHash: hash(`${blockNumber}${txIndex}`),
  timestamp: 1,
  kind: 'native',
  token: '',
  from: `0x${'1'.repeat(40)}`,
  to,
  amount: '1',
  tokenId: null,
})
const alice = `0x${'a'.repeat(40)}`
const bob = `0x${'b'.repeat(40)}`

describe.each(eachDatabase())('the indexer store on $name', (store) => {
  it("refuses a range read on a head that is no longer the stored one (a lost holder's late write of a dropped fork)", async () => {
    const db = await store.open()
    await migrate(db, [indexerMigrations])
    const indexer = new IndexerStore(db, chainId)
    expect(await indexer.save(undefined, [block(0, 'a0', '0'), block(1, 'a1', 'a0')], [], [], 0)).toBe(true)
    const common = { number: 1, hash: hash('a1') }

    // Both read block 2 on top of block 1, each on its own fork; the new holder writes first.
    expect(await indexer.save(common, [block(2, 'b2', 'a1')], [payment(2, 0, bob)], [], 0)).toBe(true)
    expect(await indexer.save(common, [block(2, 'c2', 'a1')], [payment(2, 1, alice)], [], 0)).toBe(false)

    const rows = await db.all<{ to_address: string }>('SELECT to_address FROM indexer_transfers')
    expect(rows.map((row) => row.to_address)).toEqual([bob])
    expect(await indexer.head()).toEqual({ number: 2, hash: hash('b2') })
    // Nor on a head rolled back meanwhile: the range would leave a gap below it.
    await indexer.rollbackAbove(0)
    expect(await indexer.save({ number: 2, hash: hash('b2') }, [block(3, 'b3', 'b2')], [], [], 0)).toBe(false)
    expect(await indexer.head()).toEqual({ number: 0, hash: hash('a0') })
  })
  it('lets one of two ranges saved at once on the same head in, never both', async () => {
    const db = await store.open()
    await migrate(db, [indexerMigrations])
    const indexer = new IndexerStore(db, chainId)
    await indexer.save(undefined, [block(0, 'a0', '0')], [], [], 0)
    // A race is won by timing: several rounds, each two writers on the head the last round left.
    for (let n = 1; n <= 10; n++) {
      const head = await indexer.head()
      const parent = head?.hash.slice(-8) ?? ''
      const saved = await Promise.all(
        ['b', 'c'].map((fork, txIndex) =>
          indexer.save(head, [block(n, `${fork}${n}`, parent)], [payment(n, txIndex, bob)], [], 0),
        ),
      )
      expect(saved.filter(Boolean)).toHaveLength(1)
    }
    expect(await db.all('SELECT to_address FROM indexer_transfers')).toHaveLength(10)
  })
})
