/**
 * Amounts taken per key (a client address, a bitcoin address) within fixed windows: each key's window
 * starts with its first take and its budget is whole again once the window is over. At most `maxKeys`
 * keys are tracked; expired ones are dropped first when that fills.
 */
export class WindowBudget {
  private readonly spent = new Map<string, { since: number; amount: bigint }>()

  constructor(
    private readonly windowMs: number,
    private readonly maxKeys: number,
  ) {}

  /**
   * How much `key` may still take at `now` under `limit`; undefined when no more keys can be tracked.
   * Taking happens in `take`, after every budget a request draws on has said yes.
   */
  left(key: string, limit: bigint, now: number): bigint | undefined {
    const entry = this.current(key, now)
    if (entry === undefined && !this.room(now)) return undefined
    return limit - (entry?.amount ?? 0n)
  }

  take(key: string, amount: bigint, now: number): void {
    const entry = this.current(key, now) ?? { since: now, amount: 0n }
    entry.amount += amount
    this.spent.set(key, entry)
  }

  /** When `key`'s window ends, for a `retry-after`. */
  resetsAt(key: string, now: number): number {
    return (this.current(key, now)?.since ?? now) + this.windowMs
  }

  private current(key: string, now: number) {
    const entry = this.spent.get(key)
    return entry !== undefined && now - entry.since < this.windowMs ? entry : undefined
  }

  private room(now: number): boolean {
    if (this.spent.size < this.maxKeys) return true
    for (const [key, entry] of this.spent) if (now - entry.since >= this.windowMs) this.spent.delete(key)
    return this.spent.size < this.maxKeys
  }
}
