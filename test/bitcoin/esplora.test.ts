import { describe, expect, it } from 'vitest'
import { esploraClient } from '../../bitcoin/index.js'

const answering = (body: unknown) =>
  esploraClient('http://esplora.test/api', (async () => Response.json(body)) as unknown as typeof fetch)

const stats = (funded: number, spent: number) => ({ funded_txo_sum: funded, spent_txo_sum: spent })

describe('Esplora client', () => {
  it('reads a balance as confirmed plus unconfirmed satoshis, the mempool spending confirmed coins', async () => {
    const esplora = answering({ chain_stats: stats(100_000, 20_000), mempool_stats: stats(0, 30_000) })
    await expect(esplora.balance('bcrt1q')).resolves.toBe(50_000n)
  })

  it('refuses a balance that spends more than the address was paid, rather than show it negative', async () => {
    const esplora = answering({ chain_stats: stats(1_000, 5_000), mempool_stats: stats(0, 0) })
    await expect(esplora.balance('bcrt1q')).rejects.toMatchObject({ code: 'ESPLORA' })
  })
})
