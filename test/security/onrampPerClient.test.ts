import { custom, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { onrampLimits } from '../../services/api/onramp/limits.js'
import {
  chainDeliverer,
  type OnrampHarness,
  onrampHarness,
  post,
  projectId,
} from '../services/api/onramp/onrampHarness.js'
import { eachDatabase } from '../services/api/support/databases.js'
import { type ChainFixture, startChainFixture } from '../support/chain.js'

type Order = { id: string; status: string; code?: string; message?: string }

const orders = `/v1/onramp/orders?projectId=${projectId}`
const perClient = onrampLimits.openPerClient

let chain: ChainFixture
beforeAll(async () => {
  chain = await startChainFixture()
})
afterAll(async () => {
  await chain?.stop()
})

/** A fresh quote and an order for it, both asked for by `client`. */
async function orderFrom(h: OnrampHarness, client: string): Promise<{ status: number; body: Order }> {
  const quote = await h.quote('20', {}, client)
  expect(quote.status).toBe(200)
  return h.json<Order>(orders, post({ quoteId: quote.body.quoteId }), client)
}

/** The chain, with every delivery's broadcast held until `release`. */
function heldBroadcasts() {
  const upstream = http(chain.rpcUrl, { retryCount: 0 })({})
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  const transport = custom({
    async request({ method, params }: { method: string; params?: unknown }) {
      if (method === 'eth_sendRawTransaction') await released
      return upstream.request({ method, params } as never)
    },
  })
  return { transport, release }
}

describe.each(eachDatabase())('onramp orders awaiting payment are capped per client, on $name', ({
  open,
}) => {
  it('one client holding its cap of unpaid orders leaves another client able to order', async () => {
    const h = await onrampHarness(await open(), chain)
    for (let made = 0; made < perClient; made++) expect((await orderFrom(h, '203.0.113.7')).status).toBe(201)
    const over = await orderFrom(h, '203.0.113.7')
    expect(over.status).toBe(429)
    expect(over.body).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many of your orders are open: pay one, or wait for one to be delivered or to expire',
    })
    expect((await orderFrom(h, '198.51.100.9')).status).toBe(201)
  }, 60_000)

  it('counts paid orders not yet delivered among its open ones, so paying as fast as it orders keeps no more deliveries running', async () => {
    const held = heldBroadcasts()
    const h = await onrampHarness(await open(), chain, chainDeliverer(chain, held.transport))
    const client = '203.0.113.7'
    try {
      for (let made = 0; made < perClient; made++) {
        const quote = await h.quote('20', {}, client)
        const order = await h.json<Order>(orders, post({ quoteId: quote.body.quoteId }), client)
        const card = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' }
        const paid = await h.json<Order>(
          `/v1/onramp/orders/${order.body.id}/payment?projectId=${projectId}`,
          post({ quoteId: quote.body.quoteId, card }),
          client,
        )
        expect(paid.body.status).toMatch(/^(PAYMENT_COMPLETE|DELIVERING)$/)
      }
      expect((await orderFrom(h, client)).status).toBe(429)
      held.release()
      await h.sandbox.idle()
      expect((await orderFrom(h, client)).status).toBe(201)
    } finally {
      held.release()
      await h.sandbox.idle()
    }
  }, 60_000)

  it('asks again for an order it already holds, and frees its places when its checkouts expire', async () => {
    const h = await onrampHarness(await open(), chain)
    const quote = await h.quote('20', {}, '203.0.113.7')
    const first = await h.json<Order>(orders, post({ quoteId: quote.body.quoteId }), '203.0.113.7')
    expect(first.status).toBe(201)
    for (let made = 1; made < perClient; made++) await orderFrom(h, '203.0.113.7')
    const again = await h.json<Order>(orders, post({ quoteId: quote.body.quoteId }), '203.0.113.7')
    expect(again).toMatchObject({ status: 200, body: { id: first.body.id } })
    h.clock.now += onrampLimits.checkoutLifeMs
    expect((await orderFrom(h, '203.0.113.7')).status).toBe(201)
  }, 60_000)

  it('counts the checkout page’s own orders and an IPv6 client by its /64', async () => {
    const h = await onrampHarness(await open(), chain)
    for (let made = 0; made < perClient; made++)
      expect((await orderFrom(h, `2001:db8:1:2::${(made + 1).toString(16)}`)).status).toBe(201)
    const quote = await h.quote('20', {}, '2001:db8:1:2::ff')
    const page = await h.call(
      `/sandbox/checkout/${encodeURIComponent(quote.body.quoteId)}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          number: '4242 4242 4242 4242',
          expiry: '12/34',
          cvc: '123',
          idempotencyKey: 'page-key-0001',
        }).toString(),
      },
      '2001:db8:1:2::ff',
    )
    expect(page.status).toBe(429)
    expect((await orderFrom(h, '2001:db8:1:3::1')).status).toBe(201)
  }, 60_000)
})
