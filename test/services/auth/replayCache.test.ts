import { describe, expect, it } from 'vitest'
import { ReplayCache } from '../../../services/auth/replayCache.js'

describe('the proof replay cache', () => {
  it('refuses a key seen before, forgets it once it is past the clock check, and refuses rather than forget when full', () => {
    const cache = new ReplayCache(2, 120_000)
    expect(cache.remember('a', 0)).toBe('fresh')
    expect(cache.remember('a', 119_999)).toBe('replay')
    expect(cache.remember('b', 1)).toBe('fresh')
    expect(cache.remember('c', 2)).toBe('full')
    expect(cache.remember('c', 120_000)).toBe('fresh')
    expect(cache.size).toBe(2)
  })
})
