import type { AnalyticsEvent } from './event.js'

/** Posts one JSON body; `pageHiding` says the page may be gone before a normal request completes. */
export type AnalyticsTransport = (url: string, body: string, pageHiding: boolean) => void

export type AnalyticsClock = {
  setTimeout(run: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export type AnalyticsSenderOptions = {
  url: string
  transport: AnalyticsTransport
  clock: AnalyticsClock
  /** Events held while waiting to be sent; further ones are dropped until the queue drains (100). */
  maxQueued?: number
  /** How long events gather into one batch before it is posted (2 s). */
  delayMs?: number
}

/** The api's caps on one request: 50 events and 32 KiB of body. */
const batchEvents = 50
const batchBytes = 32 * 1024

export type AnalyticsSender = {
  add(event: AnalyticsEvent): void
  /** Posts everything queued now, in as many batches as the caps need. */
  flush(pageHiding: boolean): void
  /** Events dropped because the queue was full. */
  readonly dropped: number
}

/** A bounded queue of analytics events, posted in batches within the ingest route's caps. */
export function createAnalyticsSender(options: AnalyticsSenderOptions): AnalyticsSender {
  const maxQueued = options.maxQueued ?? 100
  const delayMs = options.delayMs ?? 2000
  const queue: AnalyticsEvent[] = []
  const encoder = new TextEncoder()
  let timer: unknown
  let dropped = 0

  const flush = (pageHiding: boolean) => {
    if (timer !== undefined) options.clock.clearTimeout(timer)
    timer = undefined
    while (queue.length > 0) {
      const batch: AnalyticsEvent[] = []
      let body = JSON.stringify({ events: batch })
      for (const event of queue) {
        if (batch.length === batchEvents) break
        const next = JSON.stringify({ events: [...batch, event] })
        // A clipped event always fits alone, so each batch takes at least one.
        if (batch.length > 0 && encoder.encode(next).length > batchBytes) break
        batch.push(event)
        body = next
      }
      queue.splice(0, batch.length)
      options.transport(options.url, body, pageHiding)
    }
  }

  return {
    add(event) {
      if (queue.length >= maxQueued) {
        dropped++
        return
      }
      queue.push(event)
      timer ??= options.clock.setTimeout(() => {
        timer = undefined
        flush(false)
      }, delayMs)
    },
    flush,
    get dropped() {
      return dropped
    },
  }
}
