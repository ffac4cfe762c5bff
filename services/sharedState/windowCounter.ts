import type { Eventually } from '@pairwise/common'

/** One count kept for a key: `amount` more is counted while the count stays within `limit`. */
export type Budget = { limit: number; amount: number }

export type WindowCounterOptions = {
  /** Default one minute. */
  windowMs?: number
  /**
   * `aligned` (default): windows start at multiples of `windowMs`, so `Retry-After` is known without the
   * key; `fromFirstTake`: a key's window starts at its first take after the last one ended.
   */
  windows?: 'aligned' | 'fromFirstTake'
  /** Keys held at once in memory; when full, windows that ended go first, then the oldest window. */
  maxKeys?: number
  now?: () => number
}

/**
 * Requests counted per key in fixed windows, forgiving at window edges (up to twice a limit across one
 * edge), which is enough to stop a runaway client. Every rate limit of the api counts through one, so a
 * deployment of several processes shares each budget by giving them the Redis form.
 */
export interface WindowCounter {
  /** Counts one for `key`; false (nothing counted) when `limit` were already counted in this window. */
  take(key: string, limit: number): Eventually<boolean>
  /** Counts every budget of `key` at once; false (nothing counted) when any one would pass its limit. */
  takeAll(key: string, budgets: readonly Budget[]): Eventually<boolean>
  /** Gives back one of `key`'s first count in this window: a request that turned out not to use it. */
  refund(key: string): Eventually<void>
  /** Seconds until an aligned window ends (for `Retry-After`); a whole window for `fromFirstTake`. */
  retryAfterSeconds(): number
}

/** Makes the counter `name` (a namespace of its own: two counters never share a key). */
export type WindowCounters = (name: string, options?: WindowCounterOptions) => WindowCounter

export const DEFAULT_WINDOW_MS = 60_000
