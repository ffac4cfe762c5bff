/**
 * What a shared-state call answers: at once when the state is held in this process, later when it is
 * asked over the network. The in-memory forms answer at once, so a request they admit costs no extra turn
 * and a single process behaves as it did before state could be shared.
 */
export type Eventually<T> = T | Promise<T>

/** `next(value)` at once for a value at hand, after it for a promise, so in-memory answers stay synchronous. */
export function andThen<T, R>(value: Eventually<T>, next: (value: T) => Eventually<R>): Eventually<R> {
  return value instanceof Promise ? value.then(next) : next(value)
}

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
  /** Keys held at once in memory; when full, windows that ended go first, then the longest-known key. */
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
