import { describe, expect, it } from 'vitest'
import { RateLimiter } from '../../../relay/core/rateLimiter.js'

// A key charged once and let go, as by a connection that sent one frame and closed.
function chargeOnce(limiter: RateLimiter, key: string, now: number): void {
  const bucket = limiter.hold(key, now)
  limiter.charge(bucket, 1, now)
  limiter.release(bucket)
}

describe('RateLimiter pruning (issue 34)', () => {
  it('looks at a bounded number of buckets a call and ends its pass once it has looked at all', () => {
    const limiter = new RateLimiter(10, 1)
    for (let key = 0; key < 10; key++) chargeOnce(limiter, String(key), 0)
    const passes = [4, 4, 4].map((max) => limiter.pruneSome(60_000, max))
    expect(passes).toEqual([false, false, true])
    // The next pass starts over: the one bucket taken since is all it finds.
    chargeOnce(limiter, 'new', 60_000)
    expect(limiter.pruneSome(60_000, 1)).toBe(false)
    expect(limiter.pruneSome(60_000, 1)).toBe(true)
  })

  it('keeps a bucket not refilled yet, so a client in debt stays limited across a prune', () => {
    const limiter = new RateLimiter(10, 1)
    const spender = limiter.hold('spender', 0)
    expect(limiter.charge(spender, 30, 0)).toBe(20_000)
    limiter.release(spender)
    chargeOnce(limiter, 'idle', 0)
    while (!limiter.pruneSome(5_000, 1));
    expect(limiter.hold('spender', 5_000).tokens).toBe(-15)
    expect(limiter.hold('idle', 5_000).tokens).toBe(10)
  })

  it('reaches buckets made during a pass in that pass', () => {
    const limiter = new RateLimiter(10, 1)
    for (let key = 0; key < 3; key++) chargeOnce(limiter, String(key), 0)
    expect(limiter.pruneSome(60_000, 2)).toBe(false)
    chargeOnce(limiter, 'late', 60_000)
    expect(limiter.pruneSome(60_000, 2)).toBe(false)
    expect(limiter.pruneSome(60_000, 2)).toBe(true)
  })

  it('never forgets a bucket a connection holds, so all its holders keep sharing one budget', () => {
    const limiter = new RateLimiter(10, 1)
    const first = limiter.hold('address', 0)
    limiter.charge(first, 10, 0)
    while (!limiter.pruneSome(60_000, 16));
    // Refilled but held: a second connection from the address is charged to the very same bucket.
    const second = limiter.hold('address', 60_000)
    expect(second).toBe(first)
    limiter.charge(second, 10, 60_000)
    expect(first.tokens).toBe(0)
    limiter.release(first)
    limiter.release(second)
    while (!limiter.pruneSome(120_000, 16));
    expect(limiter.hold('address', 120_000)).not.toBe(first)
  })
})
