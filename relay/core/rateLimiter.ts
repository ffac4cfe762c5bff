type Bucket = { tokens: number; updatedAt: number }

/** A token bucket per key: `burst` at once, then `perSecond` sustained. */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>()
  // Where pruning goes on from: a map's iterator survives deletions and reaches keys added since.
  private pruning: MapIterator<[string, Bucket]> = this.buckets.entries()

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
  ) {}

  /** Whether `key`'s bucket holds `cost` tokens now. */
  has(key: string, cost: number, now: number): boolean {
    return this.refilled(key, now).tokens >= cost
  }

  /** Takes `cost` tokens from `key`'s bucket; false (and nothing taken) when there are not enough. */
  take(key: string, cost: number, now: number): boolean {
    const bucket = this.refilled(key, now)
    if (bucket.tokens < cost) return false
    bucket.tokens -= cost
    return true
  }

  /**
   * Takes `cost` tokens from `key`'s bucket even when it goes below zero (for what has happened already,
   * such as bytes received); returns how many milliseconds until the bucket is out of debt.
   */
  charge(key: string, cost: number, now: number): number {
    const bucket = this.refilled(key, now)
    bucket.tokens -= cost
    return bucket.tokens >= 0 ? 0 : Math.ceil((-bucket.tokens / this.perSecond) * 1000)
  }

  /**
   * Forgets buckets that have refilled completely, so idle clients cost no memory: at most `max` of them
   * looked at per call, going on from where the last call stopped. True once every bucket has been looked
   * at since the pass began. A relay with a bucket per address holds tens of thousands; looking at them
   * all in one go held every frame behind it for some 25 ms.
   */
  pruneSome(now: number, max: number): boolean {
    for (let looked = 0; looked < max; looked++) {
      const next = this.pruning.next()
      if (next.done) {
        this.pruning = this.buckets.entries()
        return true
      }
      const [key, bucket] = next.value
      if (bucket.tokens + ((now - bucket.updatedAt) / 1000) * this.perSecond >= this.burst)
        this.buckets.delete(key)
    }
    return false
  }

  private refilled(key: string, now: number): Bucket {
    let bucket = this.buckets.get(key)
    if (!bucket) {
      bucket = { tokens: this.burst, updatedAt: now }
      this.buckets.set(key, bucket)
      return bucket
    }
    const elapsed = Math.max(0, now - bucket.updatedAt) / 1000
    bucket.tokens = Math.min(this.burst, bucket.tokens + elapsed * this.perSecond)
    bucket.updatedAt = now
    return bucket
  }
}
