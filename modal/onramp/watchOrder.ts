import type { Clock } from '../core/ports.js'
import type { OnrampProvider } from './provider.js'
import type { OnrampOrder } from './types.js'

/** AppKit's BuyInProgress cadence: the orders are asked for every 4 s, and 180 s without one is an error. */
export const orderPollMs = 4_000
export const orderWaitMs = 180_000

/**
 * Polls the awaited order until it has settled, then calls `settled` with it; `timedOut` when 180 s pass
 * without. The awaited order is `orderId`, asked for by id (the address's listing shows paid orders only, so
 * never a declined one), else the newest the listing for `address` since `since` holds. Failed polls are
 * retried at the next tick. Returns the stop.
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
  const awaited = async (): Promise<OnrampOrder | undefined> =>
    input.orderId
      ? input.provider.getOrder(input.orderId)
      : (await input.provider.getOrders({ address: input.address, since: input.since }))[0]
  const tick = async () => {
    waited += orderPollMs
    const order = await awaited().catch(() => undefined)
    if (stopped) return
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
