export type FixedWindowLimiterOptions = {
  /** Default one minute. */
  windowMs?: number
  /** Keys counted at once at most; when full, windows from before the current one are dropped first. */
  maxKeys?: number
  now?: () => number
}

/**
 * Counts requests per key in fixed windows (a minute by default) held in memory: cheap, per process, and
 * forgiving at window edges (up to twice the limit across one edge), which is enough to stop a runaway
 * client without a shared store.
 */
export class FixedWindowLimiter {
  readonly #windowMs: number
  readonly #maxKeys: number
  readonly #now: () => number
  readonly #windows = new Map<string, { start: number; count: number }>()

  constructor(options: FixedWindowLimiterOptions = {}) {
    this.#windowMs = options.windowMs ?? 60_000
    this.#maxKeys = options.maxKeys ?? 10_000
    this.#now = options.now ?? Date.now
  }

  /** Counts one request for `key`; false when `limit` requests were already counted in this window. */
  take(key: string, limit: number): boolean {
    const now = this.#now()
    const start = now - (now % this.#windowMs)
    let window = this.#windows.get(key)
    if (window?.start !== start) {
      if (!window && this.#windows.size >= this.#maxKeys) this.#makeRoom(start)
      window = { start, count: 0 }
      this.#windows.set(key, window)
    }
    if (window.count >= limit) return false
    window.count++
    return true
  }

  /** Gives back one request counted for `key` in this window: one that turned out not to use the budget. */
  refund(key: string): void {
    const window = this.#windows.get(key)
    const now = this.#now()
    if (window && window.start === now - (now % this.#windowMs) && window.count > 0) window.count--
  }

  /** Seconds until the current window ends, for `Retry-After`. */
  retryAfterSeconds(): number {
    const now = this.#now()
    return Math.ceil((this.#windowMs - (now % this.#windowMs)) / 1000)
  }

  get size(): number {
    return this.#windows.size
  }

  #makeRoom(start: number): void {
    for (const [key, window] of this.#windows) if (window.start !== start) this.#windows.delete(key)
    // Every key is in the current window: the longest-known one (first in insertion order) goes.
    const oldest = this.#windows.size >= this.#maxKeys ? this.#windows.keys().next().value : undefined
    if (oldest !== undefined) this.#windows.delete(oldest)
  }
}
