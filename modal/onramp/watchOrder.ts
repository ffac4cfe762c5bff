import type { Clock } from '../core/ports.js'
import type { OnrampProvider } from './provider.js'
import type { OnrampOrder } from './types.js'

/** AppKit's BuyInProgress cadence: the orders are asked for every 4 s, and 180 s without one is an error. */
export const orderPollMs = 4_000
export const orderWaitMs = 180_000

/**
 * Polls the provider's orders for `address` since `since` until the awaited one (`orderId`, else any
 * order in that window) has settled, then calls `settled` with it; `timedOut` when 180 s pass without.
 * Failed polls are retried at the next tick. Returns the stop.
 */
export function watchOrder(input: {
  provider: OnrampProvider
  address: string
  since: number
  orderId?: string
  clock: Clock
  settled(order: OnrampOrder): void
  timedOut(): void
}): () => void {
  let stopped = false
  let waited = 0
  let timer: unknown
  const tick = async () => {
    waited += orderPollMs
    const orders = await input.provider
      .getOrders({ address: input.address, since: input.since })
      .catch(() => [])
    if (stopped) return
    const order = orders.find((each) => (input.orderId ? each.id === input.orderId : true))
    if (order && order.status !== 'IN_PROGRESS') return input.settled(order)
    if (waited >= orderWaitMs) return input.timedOut()
    timer = input.clock.setTimeout(() => void tick(), orderPollMs)
  }
  timer = input.clock.setTimeout(() => void tick(), orderPollMs)
  return () => {
    stopped = true
    input.clock.clearTimeout(timer)
  }
}
