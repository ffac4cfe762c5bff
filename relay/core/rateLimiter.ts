/** Tokens left in one key's bucket; taking is subtracting from `tokens`. */
export type Bucket = { tokens: number; updatedAt: number; holders: number }

/**
 * A token bucket per key: `burst` at once, then `perSecond` sustained. A connection holds the buckets it
 * is charged to for as long as it is open, so its frames reach them with no lookup: at 10,000 clients the
 * lookups in four maps of 10,000 keys each were 3% of a busy relay's CPU.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>()
  // Where pruning goes on from: a map's iterator survives deletions and reaches keys added since.
  private pruning: MapIterator<[string, Bucket]> = this.buckets.entries()

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
  ) {}

  /** `key`'s bucket as of `now`, kept (shared with every other holder of `key`) until it is released. */
  hold(key: string, now: number): Bucket {
    let bucket = this.buckets.get(key)
    if (!bucket) {
      bucket = { tokens: this.burst, updatedAt: now, holders: 0 }
      this.buckets.set(key, bucket)
    }
    bucket.holders++
    return this.refill(bucket, now)
  }

  /** Lets pruning forget `bucket` once no one holds it and it has refilled. */
  release(bucket: Bucket): void {
    bucket.holders--
  }

  /** `bucket` with what it earned since it was last looked at. */
  refill(bucket: Bucket, now: number): Bucket {
    bucket.tokens = Math.min(this.burst, this.tokensAt(bucket, now))
    bucket.updatedAt = now
    return bucket
  }

  // What `bucket` holds at `now`, uncapped; a clock that went back earns nothing.
  private tokensAt(bucket: Bucket, now: number): number {
    return bucket.tokens + (Math.max(0, now - bucket.updatedAt) / 1000) * this.perSecond
  }

  /**
   * Takes `cost` tokens from `bucket` even when it goes below zero (for what has happened already, such
   * as bytes received); returns how many milliseconds until the bucket is out of debt.
   */
  charge(bucket: Bucket, cost: number, now: number): number {
    this.refill(bucket, now).tokens -= cost
    return bucket.tokens >= 0 ? 0 : Math.ceil((-bucket.tokens / this.perSecond) * 1000)
  }

  /**
   * Forgets buckets no one holds that have refilled completely, so gone clients cost no memory: at most
   * `max` of them looked at per call, going on from where the last call stopped. True once every bucket
   * has been looked at since the pass began. A relay with a bucket per address holds tens of thousands;
   * looking at them all in one go held every frame behind it for some 25 ms.
   */
  pruneSome(now: number, max: number): boolean {
    for (let looked = 0; looked < max; looked++) {
      const next = this.pruning.next()
      if (next.done) {
        this.pruning = this.buckets.entries()
        return true
      }
      const [key, bucket] = next.value
      if (bucket.holders === 0 && this.tokensAt(bucket, now) >= this.burst) this.buckets.delete(key)
    }
    return false
  }
}
