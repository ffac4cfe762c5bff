/** Values kept for `ttlMs` each, at most `maxEntries` of them: when full, the oldest entry goes. */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>()

  constructor(private readonly options: { ttlMs: number; maxEntries: number; now: () => number }) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (entry.expiresAt > this.options.now()) return entry.value
    this.entries.delete(key)
    return undefined
  }

  /** Keeps `value` for `ttlMs`, the cache's own unless told. */
  set(key: string, value: V, ttlMs = this.options.ttlMs): void {
    this.entries.delete(key)
    if (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next()
      if (!oldest.done) this.entries.delete(oldest.value)
    }
    this.entries.set(key, { value, expiresAt: this.options.now() + ttlMs })
  }

  get size(): number {
    return this.entries.size
  }
}
