import { describe, expect, it } from 'vitest'
import type { OnrampProvider } from '../../../modal/onramp/provider.js'
import type { OnrampOrder } from '../../../modal/onramp/types.js'
import { watchOrder } from '../../../modal/onramp/watchOrder.js'
import { ManualClock } from '../support/clock.js'

const order = (status: OnrampOrder['status']): OnrampOrder => ({
  id: 'ord_1',
  status,
  providerStatus: status,
  paymentAmount: { amount: '50.00', currency: 'USD' },
  purchaseAmount: { amount: '48.63', currency: 'tUSDC' },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
})

/** A provider whose orders are `answers()`; its address's listing holds only the `listed` ones. */
function providerAnswering(answers: () => OnrampOrder[], listed = (each: OnrampOrder) => Boolean(each)) {
  const polls: number[] = []
  const clock = new ManualClock()
  const provider = {
    getOrders: async () => {
      polls.push(clock.now)
      return answers().filter(listed)
    },
    getOrder: async (id: string) => {
      polls.push(clock.now)
      const found = answers().find((each) => each.id === id)
      if (!found) throw new Error('Order not found')
      return found
    },
  } as unknown as OnrampProvider
  return { provider, clock, polls }
}
const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

/** Watches order `ord_1` of `0x1` through `provider`; the orders it settles with, as they come. */
function watchingOrder(provider: OnrampProvider, clock: Parameters<typeof watchOrder>[0]['clock']) {
  const settled: OnrampOrder[] = []
  watchOrder({
    provider,
    address: '0x1',
    since: 0,
    orderId: 'ord_1',
    clock,
    settled: (o) => settled.push(o),
    timedOut() {},
  })
  return settled
}

describe('BuyInProgress order watch', () => {
  it('polls the orders every 4 s until the order settles', async () => {
    let status: OnrampOrder['status'] = 'IN_PROGRESS'
    const { provider, clock, polls } = providerAnswering(() => [order(status)])
    const settled = watchingOrder(provider, clock)
    for (let i = 0; i < 3; i++) {
      clock.advance(4_000)
      await flush()
    }
    expect(polls).toEqual([4_000, 8_000, 12_000])
    status = 'FAILED'
    clock.advance(4_000)
    await flush()
    expect(settled.map((o) => o.status)).toEqual(['FAILED'])
    clock.advance(40_000)
    await flush()
    expect(polls).toHaveLength(4)
  })

  it('follows its own order by id, so one declined, which the listing never shows as nobody paid, still settles', async () => {
    const { provider, clock } = providerAnswering(
      () => [order('FAILED')],
      (each) => each.status !== 'FAILED',
    )
    const settled = watchingOrder(provider, clock)
    clock.advance(4_000)
    await flush()
    expect(settled.map((o) => o.status)).toEqual(['FAILED'])
  })

  it('gives up with an error after 180 s without the order', async () => {
    const { provider, clock, polls } = providerAnswering(() => [])
    let timedOut = false
    watchOrder({
      provider,
      address: '0x1',
      since: 0,
      clock,
      settled() {},
      timedOut: () => {
        timedOut = true
      },
    })
    for (let i = 0; i < 44; i++) {
      clock.advance(4_000)
      await flush()
    }
    expect(timedOut).toBe(false)
    clock.advance(4_000)
    await flush()
    expect(timedOut).toBe(true)
    expect(polls).toHaveLength(45)
  })
})
