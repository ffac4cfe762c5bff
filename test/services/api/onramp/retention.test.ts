import { afterEach, describe, expect, it, vi } from 'vitest'
import { type Database, migrate } from '../../../../services/api/db/index.js'
import { onrampLimits, onrampMigrations, onrampModule } from '../../../../services/api/onramp/index.js'
import { type OrderStatus, OrderStore } from '../../../../services/api/onramp/store.js'
import { devPrivateKeys } from '../../../../services/chain/index.js'
import { eachDatabase } from '../support/databases.js'
import { projectId, quotedTerms } from './onrampHarness.js'

const day = 24 * 60 * 60_000
const start = Date.UTC(2026, 0, 10, 12)
const kept = onrampLimits.finishedKeptMs

/** The store on a fresh `db`, and `order(id, status, finishedAt)`: an order made at `start`, moved on then. */
async function orders(db: Database) {
  await migrate(db, [onrampMigrations])
  const store = new OrderStore(db)
  const order = async (id: string, status: OrderStatus, finishedAt = start) => {
    const created = await store.create({
      id,
      quoteId: `q1.${id}`,
      terms: quotedTerms(`nonce-${id}`, start + onrampLimits.quoteLifeMs),
      idempotencyKey: `key-${id}`,
      requestHash: id,
      clientKey: `${projectId} 203.0.113.7`,
      now: start,
    })
    expect(created.kind).toBe('created')
    if (status !== 'CREATED') expect(await store.transition(id, ['CREATED'], status, finishedAt)).toBe(true)
  }
  const left = async () =>
    (await db.all<{ id: string }>('SELECT id FROM onramp_orders ORDER BY id')).map((row) => row.id)
  return { store, order, left }
}

describe.each(eachDatabase())('the onramp sweep on $name', ({ open }) => {
  let stop: (() => Promise<void>) | undefined
  afterEach(async () => {
    await stop?.()
    stop = undefined
  })

  it('deletes COMPLETED and FAILED orders once they finished the retention ago, a batch at a time; never one still open', async () => {
    const { store, order, left } = await orders(await open())
    await order('ord_completed', 'COMPLETED')
    await order('ord_declined', 'FAILED')
    await order('ord_late', 'FAILED', start + 10 * day)
    // Still to be delivered or paid (the per-client caps count the unpaid): kept whatever their age.
    await order('ord_delivering', 'DELIVERING')
    await order('ord_paid', 'PAYMENT_COMPLETE')
    await order('ord_unpaid', 'CREATED')
    const all = await left()

    expect(await store.deleteFinished(start + kept - 1, 100)).toBe(0)
    expect(await store.deleteFinished(start + kept, 1)).toBe(1)
    expect(await store.deleteFinished(start + kept, 100)).toBe(1)
    expect(await left()).toEqual(all.filter((id) => id !== 'ord_completed' && id !== 'ord_declined'))
    expect(await store.find('ord_completed')).toBeUndefined()

    expect(await store.deleteFinished(start + 10 * day + kept, 100)).toBe(1)
    expect(await left()).toEqual(['ord_delivering', 'ord_paid', 'ord_unpaid'])
  })

  it("the deliveries' sweep deletes them, and fails an abandoned checkout, which is then kept its time", async () => {
    const db = await open()
    const { order, left } = await orders(db)
    await order('ord_old', 'COMPLETED')
    await order('ord_recent', 'FAILED', start + 25 * day)
    await order('ord_abandoned', 'CREATED')
    const clock = { now: start + 31 * day }
    const warnings: unknown[] = []
    const logger = { info() {}, warn: (...args: unknown[]) => warnings.push(args), error() {} }
    const job = onrampModule({
      sandbox: {
        chainId: 31337,
        // Nothing is delivered here: no order is paid.
        rpcUrl: 'http://127.0.0.1:9',
        testUsdc: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
        deliveryKey: devPrivateKeys[1],
      },
    }).job({ db, logger, now: () => clock.now, sweepMs: 10 })
    if (!job) throw new Error('no onramp job with the sandbox on')
    const stopping = new AbortController()
    const running = job.run(stopping.signal)
    stop = async () => {
      stopping.abort()
      await running
    }

    await vi.waitFor(async () => expect(await left()).toEqual(['ord_abandoned', 'ord_recent']))
    const abandoned = await new OrderStore(db).find('ord_abandoned')
    expect(abandoned).toMatchObject({ status: 'FAILED', failureReason: 'Checkout expired' })
    clock.now = start + 31 * day + kept
    await vi.waitFor(async () => expect(await left()).toEqual([]))
    expect(warnings).toEqual([])
  })

  it('fails a payment a stop cut short once it has been pending a minute, never one just begun', async () => {
    const { store, order } = await orders(await open())
    await order('ord_cut_short', 'PAYMENT_PENDING')
    await order('ord_paying', 'PAYMENT_PENDING', start + 30_000)
    await store.expireCheckouts(start + onrampLimits.interruptedPaymentMs - 1)
    expect((await store.find('ord_cut_short'))?.status).toBe('PAYMENT_PENDING')
    await store.expireCheckouts(start + onrampLimits.interruptedPaymentMs)
    expect(await store.find('ord_cut_short')).toMatchObject({
      status: 'FAILED',
      failureReason: 'Payment interrupted; nothing was charged',
    })
    expect((await store.find('ord_paying'))?.status).toBe('PAYMENT_PENDING')
  })
})
