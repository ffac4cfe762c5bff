import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { migrate } from '../../../../services/api/db/index.js'
import { Deliverer, onrampMigrations } from '../../../../services/api/onramp/index.js'
import { onrampLimits } from '../../../../services/api/onramp/limits.js'
import { type OrderStatus, OrderStore } from '../../../../services/api/onramp/store.js'
import { devPrivateKeys } from '../../../../services/chain/index.js'
import { type ChainFixture, startChainFixture } from '../../../support/chain.js'
import { eachDatabase } from '../support/databases.js'
import { buyer, type OnrampHarness, onrampHarness, post, projectId, quotedTerms } from './onrampHarness.js'

type Order = { id: string; status: string; failureReason?: string }

const orders = `/v1/onramp/orders?projectId=${projectId}`
const listing = `${orders}&address=${buyer}`
const payment = (id: string) => `/v1/onramp/orders/${id}/payment?projectId=${projectId}`
const paying = (quoteId: string, number: string) => ({
  quoteId,
  card: { number, expiry: '12/34', cvc: '123' },
})
/** Another client than the buyer: whoever calls the public routes with the project's id. */
const stranger = '203.0.113.7'

/** Signs nothing: the node is down when a paid order's delivery begins. */
class UnreachableDeliverer extends Deliverer {
  override deliver(): Promise<boolean> {
    return Promise.reject(new Error('node unreachable'))
  }
}

let chain: ChainFixture
beforeAll(async () => {
  chain = await startChainFixture()
})
afterAll(async () => {
  await chain?.stop()
})

describe.each(eachDatabase())("an address's onramp orders on $name", ({ open }) => {
  let h: OnrampHarness
  beforeEach(async () => {
    h = await onrampHarness(await open(), chain)
  })

  const ordered = async (amount: string, client?: string) => {
    const { quoteId } = (await h.quote(amount, {}, client)).body
    const { body } = await h.json<Order>(orders, post({ quoteId }), client)
    return { quoteId, id: body.id }
  }

  it('never list orders a stranger made for the address and nobody paid, before or after their checkout expired', async () => {
    const made = [await ordered('20', stranger), await ordered('30', stranger), await ordered('40', stranger)]
    expect((await h.json<Order[]>(listing)).body).toEqual([])
    h.clock.now += onrampLimits.checkoutLifeMs + 1
    expect((await h.json<Order[]>(listing)).body).toEqual([])
    // Whoever made one still follows it by its id.
    const followed = await h.json<Order>(`/v1/onramp/orders/${made[0]!.id}?projectId=${projectId}`)
    expect(followed.body).toMatchObject({ status: 'FAILED', failureReason: 'Checkout expired' })
  })

  it('list a paid order, and leave out one whose card was declined, as no payment went through', async () => {
    const declined = await ordered('20')
    await h.json(payment(declined.id), post(paying(declined.quoteId, '4000 0000 0000 0002')))
    const paid = await ordered('30')
    await h.json(payment(paid.id), post(paying(paid.quoteId, '4242 4242 4242 4242')))
    await h.sandbox.idle()
    const listed = await h.json<Order[]>(listing)
    expect(listed.body.map(({ id, status }) => ({ id, status }))).toEqual([
      { id: paid.id, status: 'COMPLETED' },
    ])
  })

  it('list a paid order whose delivery then failed: the buyer paid for it', async () => {
    h = await onrampHarness(
      await open(),
      chain,
      new UnreachableDeliverer({ rpcUrl: chain.rpcUrl, chainId: chain.chainId, key: devPrivateKeys[1] }),
    )
    const paid = await ordered('30')
    await h.json(payment(paid.id), post(paying(paid.quoteId, '4242 4242 4242 4242')))
    await h.sandbox.idle()
    const listed = await h.json<Order[]>(listing)
    expect(listed.body).toMatchObject([{ id: paid.id, status: 'FAILED', failureReason: 'Delivery failed' }])
  })

  it('count orders stored before payments were stamped as paid only when their payment went through', async () => {
    const db = await open()
    const stepsBefore = onrampMigrations.steps.length - 1
    await migrate(db, [{ ...onrampMigrations, steps: onrampMigrations.steps.slice(0, stepsBefore) }])
    const store = new OrderStore(db)
    const now = Date.now()
    const stored = async (id: string, status: OrderStatus, failureReason?: string, txHash?: string) => {
      await store.create({
        id,
        quoteId: `q1.${id}`,
        terms: quotedTerms(`nonce-${id}`, now + onrampLimits.quoteLifeMs),
        idempotencyKey: undefined,
        requestHash: id,
        clientKey: `${projectId} ${id}`,
        now,
      })
      if (status === 'CREATED') return
      await store.transition(id, ['CREATED'], status, now, failureReason ? { failureReason } : {})
      if (txHash) await db.run('UPDATE onramp_orders SET tx_hash = ? WHERE id = ?', [txHash, id])
    }
    await stored('ord_completed', 'COMPLETED', undefined, `0x${'1'.repeat(64)}`)
    await stored('ord_delivering', 'DELIVERING', undefined, `0x${'2'.repeat(64)}`)
    await stored('ord_paid', 'PAYMENT_COMPLETE')
    await stored('ord_reverted', 'FAILED', 'Delivery reverted', `0x${'3'.repeat(64)}`)
    await stored('ord_unsent', 'FAILED', 'Delivery failed')
    await stored('ord_unpaid', 'CREATED')
    await stored('ord_expired', 'FAILED', 'Checkout expired')
    await stored('ord_declined', 'FAILED', 'Your card was declined.')
    await stored('ord_interrupted', 'FAILED', 'Payment interrupted; nothing was charged')
    await migrate(db, [onrampMigrations])
    const listed = (await store.list(projectId, buyer, 0)).map((order) => order.id).sort()
    expect(listed).toEqual(['ord_completed', 'ord_delivering', 'ord_paid', 'ord_reverted', 'ord_unsent'])
  })
})
