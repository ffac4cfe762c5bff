import { describe, expect, it } from 'vitest'
import { ReplayCache } from '../../../services/auth/replayCache.js'

describe('the proof replay cache', () => {
  it('refuses a key seen before, forgets it once it is past the clock check, and refuses rather than forget when full', () => {
    const cache = new ReplayCache(2, 120_000)
    expect(cache.remember('a', 0, 'client')).toBe('fresh')
    expect(cache.remember('a', 119_999, 'client')).toBe('replay')
    expect(cache.remember('b', 1, 'client')).toBe('fresh')
    expect(cache.remember('c', 2, 'client')).toBe('full')
    expect(cache.remember('c', 120_000, 'client')).toBe('fresh')
    expect(cache.size).toBe(2)
  })

  it('refuses a client past its own share while another client still finds room', () => {
    const cache = new ReplayCache(4, 120_000, 2)
    expect(cache.remember('s1', 0, 'stranger')).toBe('fresh')
    expect(cache.remember('s2', 0, 'stranger')).toBe('fresh')
    expect(cache.remember('s3', 0, 'stranger')).toBe('clientFull')
    expect(cache.remember('v1', 1, 'victim')).toBe('fresh')
    expect(cache.remember('s1', 2, 'victim')).toBe('replay')
    // The stranger's places free as its entries pass the clock check.
    expect(cache.remember('s3', 120_000, 'stranger')).toBe('fresh')
    expect(cache.size).toBe(2)
  })
})
