import {
  type Budget,
  DEFAULT_WINDOW_MS,
  type WindowCounter,
  type WindowCounterOptions,
} from './windowCounter.js'

type Window = { start: number; counts: number[] }

/** The counts held in this process: cheap, and all a single process needs. */
export class MemoryWindowCounter implements WindowCounter {
  readonly #windowMs: number
  readonly #aligned: boolean
  readonly #maxKeys: number
  readonly #now: () => number
  readonly #windows = new Map<string, Window>()

  constructor(options: WindowCounterOptions = {}) {
    this.#windowMs = options.windowMs ?? DEFAULT_WINDOW_MS
    this.#aligned = (options.windows ?? 'aligned') === 'aligned'
    this.#maxKeys = options.maxKeys ?? 10_000
    this.#now = options.now ?? Date.now
  }

  take(key: string, limit: number): boolean {
    // takeAll's first budget, without the array and budget made for it on every guarded request.
    const { counts } = this.#current(key)
    const count = counts[0] ?? 0
    if (count + 1 > limit) return false
    counts[0] = count + 1
    return true
  }

  takeAll(key: string, budgets: readonly Budget[]): boolean {
    const { counts } = this.#current(key)
    // Indexed loops, without a callback's closure: every rate-limited request runs this more than once.
    for (let index = 0; index < budgets.length; index++) {
      const { limit, amount } = budgets[index] as Budget
      if ((counts[index] ?? 0) + amount > limit) return false
    }
    for (let index = 0; index < budgets.length; index++)
      counts[index] = (counts[index] ?? 0) + (budgets[index] as Budget).amount
    return true
  }

  refund(key: string): void {
    const window = this.#windows.get(key)
    if (window && this.#isCurrent(window, this.#now()) && (window.counts[0] ?? 0) > 0)
      window.counts[0] = (window.counts[0] ?? 0) - 1
  }

  retryAfterSeconds(): number {
    if (!this.#aligned) return Math.ceil(this.#windowMs / 1000)
    const now = this.#now()
    return Math.ceil((this.#windowMs - (now % this.#windowMs)) / 1000)
  }

  get size(): number {
    return this.#windows.size
  }

  /** The window `key` counts in now: its current one, or a new one in place of one that ended. */
  #current(key: string): Window {
    const now = this.#now()
    let window = this.#windows.get(key)
    if (window === undefined || !this.#isCurrent(window, now)) {
      // A new window goes to the Map's end, so the Map runs in window order: ended ones at its front.
      if (window) this.#windows.delete(key)
      else if (this.#windows.size >= this.#maxKeys) this.#makeRoom(now)
      window = { start: this.#aligned ? now - (now % this.#windowMs) : now, counts: [] }
      this.#windows.set(key, window)
    }
    return window
  }

  #isCurrent(window: Window, now: number): boolean {
    return this.#aligned ? window.start === now - (now % this.#windowMs) : now - window.start < this.#windowMs
  }

  /**
   * Drops the ended windows, which are at the front, and stops at the first current one: a scan of every
   * key here would cost each request of a new client a pass over all of them once the Map is full.
   */
  #makeRoom(now: number): void {
    for (const [key, window] of this.#windows) {
      if (this.#isCurrent(window, now)) break
      this.#windows.delete(key)
    }
    // Every window left is current: the oldest (first) goes.
    const oldest = this.#windows.size >= this.#maxKeys ? this.#windows.keys().next().value : undefined
    if (oldest !== undefined) this.#windows.delete(oldest)
  }
}
