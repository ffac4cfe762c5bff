import { describe, expect, it } from 'vitest'
import { TtlCache } from '../../../services/api/balances/ttlCache.js'

describe('TtlCache', () => {
  it('lets go of expired entries as new ones come, not only when full', () => {
    const clock = { now: 0 }
    const cache = new TtlCache<string>({ ttlMs: 2000, maxEntries: 10_000, now: () => clock.now })
    for (let n = 0; n < 1000; n++) cache.set(`address${n}`, 'balances')
    clock.now += 2000
    cache.set('fresh', 'balances')
    expect(cache.size).toBe(1)
    expect(cache.get('fresh')).toBe('balances')
  })

  it('keeps entries still fresh, and drops the oldest when full', () => {
    const clock = { now: 0 }
    const cache = new TtlCache<number>({ ttlMs: 2000, maxEntries: 2, now: () => clock.now })
    cache.set('a', 1)
    clock.now += 1000
    cache.set('b', 2)
    clock.now += 500
    cache.set('c', 3)
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 2, 3])
    clock.now += 600
    cache.set('d', 4)
    expect([cache.size, cache.get('b'), cache.get('c'), cache.get('d')]).toEqual([2, undefined, 3, 4])
  })
})
