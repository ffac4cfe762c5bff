/**
 * Values kept for `ttlMs` each, at most `maxEntries` of them: when full, the oldest entry goes. Every entry
 * lives as long, so the oldest is the first to expire.
 */
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

  set(key: string, value: V): void {
    const now = this.options.now()
    this.entries.delete(key)
    // An expired entry is never answered again: without this, a cache of answers kept 2 s would hold the
    // last `maxEntries` addresses asked (each with its tokens) for as long as no one asks for them again.
    for (const [oldest, { expiresAt }] of this.entries) {
      if (expiresAt > now && this.entries.size < this.options.maxEntries) break
      this.entries.delete(oldest)
    }
    this.entries.set(key, { value, expiresAt: now + this.options.ttlMs })
  }

  get size(): number {
    return this.entries.size
  }
}
