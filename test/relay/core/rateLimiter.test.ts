import { describe, expect, it } from 'vitest'
import { RateLimiter } from '../../../relay/core/rateLimiter.js'

describe('RateLimiter pruning (issue 34)', () => {
  it('looks at a bounded number of buckets a call and ends its pass once it has looked at all', () => {
    const limiter = new RateLimiter(10, 1)
    for (let key = 0; key < 10; key++) limiter.take(String(key), 1, 0)
    const passes = [4, 4, 4].map((max) => limiter.pruneSome(60_000, max))
    expect(passes).toEqual([false, false, true])
    // The next pass starts over: the one bucket taken since is all it finds.
    limiter.take('new', 1, 60_000)
    expect(limiter.pruneSome(60_000, 1)).toBe(false)
    expect(limiter.pruneSome(60_000, 1)).toBe(true)
  })

  it('keeps a bucket not refilled yet, so a client in debt stays limited across a prune', () => {
    const limiter = new RateLimiter(10, 1)
    expect(limiter.charge('spender', 30, 0)).toBe(20_000)
    limiter.take('idle', 1, 0)
    while (!limiter.pruneSome(5_000, 1));
    expect(limiter.has('spender', 1, 5_000)).toBe(false)
    expect(limiter.has('idle', 10, 5_000)).toBe(true)
  })

  it('reaches buckets made during a pass in that pass', () => {
    const limiter = new RateLimiter(10, 1)
    for (let key = 0; key < 3; key++) limiter.take(String(key), 1, 0)
    expect(limiter.pruneSome(60_000, 2)).toBe(false)
    limiter.take('late', 1, 60_000)
    expect(limiter.pruneSome(60_000, 2)).toBe(false)
    expect(limiter.pruneSome(60_000, 2)).toBe(true)
  })
})
