import { z } from 'zod'
import type { EsploraClient } from '../chains/index.js'

// Satoshi sums as Esplora gives them: whole, never negative, within JavaScript's exact integers.
const sats = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)
const txoStats = z.object({ funded_txo_sum: sats, spent_txo_sum: sats })
const addressAnswer = z.object({ chain_stats: txoStats, mempool_stats: txoStats })

/**
 * The satoshis `address` holds, confirmed and unconfirmed together (Esplora's `GET /address/:a` sums: what
 * confirmed transactions paid it less what they spent, plus the same for the mempool, whose spends of
 * confirmed coins make its part negative). A failure of the Esplora API rejects.
 */
export async function readBitcoinBalance(esplora: EsploraClient, address: string): Promise<bigint> {
  const { chain_stats: chain, mempool_stats: mempool } = await esplora.get(
    `/address/${encodeURIComponent(address)}`,
    addressAnswer,
  )
  const held =
    BigInt(chain.funded_txo_sum) -
    BigInt(chain.spent_txo_sum) +
    BigInt(mempool.funded_txo_sum) -
    BigInt(mempool.spent_txo_sum)
  if (held < 0n) throw new Error('the address spends more than it was paid')
  return held
}
