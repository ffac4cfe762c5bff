import { afterEach, describe, expect, it, vi } from 'vitest'
import { reconnectDelay } from '../../../relay/client/backoff.js'
import { DedupeWindow, messageKey } from '../../../relay/client/dedupe.js'
import { startHeartbeat } from '../../../relay/client/heartbeat.js'
import { createRequestIds } from '../../../relay/client/requestIds.js'
import { connectionUrl } from '../../../relay/client/url.js'

afterEach(() => {
  vi.useRealTimers()
})

describe('reconnectDelay', () => {
  it('draws each delay at random between zero and one step per attempt (1, 2, 3, 4 s), stopping at the cap', () => {
    const bounds = [1, 2, 3, 4, 5, 6, 50].map((attempt) => reconnectDelay(attempt, 1000, 5000, () => 1))
    expect(bounds).toEqual([1000, 2000, 3000, 4000, 5000, 5000, 5000])
    expect(reconnectDelay(0, 1000, 5000, () => 1)).toBe(1000)
    expect(reconnectDelay(3, 1000, 5000, () => 0.25)).toBe(750)
    expect(reconnectDelay(50, 1000, 5000, () => 0)).toBe(0)
  })

  it('gives clients retrying the same attempt different delays, within its bounds', () => {
    for (const [attempt, bound] of [
      [1, 1000],
      [3, 3000],
      [50, 5000],
    ] as const) {
      const delays = Array.from({ length: 100 }, () => reconnectDelay(attempt, 1000, 5000))
      expect(new Set(delays).size).toBeGreaterThan(90)
      for (const delay of delays) {
        expect(delay).toBeGreaterThanOrEqual(0)
        expect(delay).toBeLessThanOrEqual(bound)
      }
    }
  })
})

describe('DedupeWindow', () => {
  it('reports a key seen twice, and forgets the oldest keys beyond its capacity', () => {
    const window = new DedupeWindow(2)
    expect(window.seen('a')).toBe(false)
    expect(window.seen('a')).toBe(true)
    expect(window.seen('b')).toBe(false)
    expect(window.seen('c')).toBe(false)
    expect(window.seen('a')).toBe(false)
    expect(window.seen('c')).toBe(true)
  })
})

describe('messageKey', () => {
  it('gives a message the same key every time and different messages different keys', () => {
    expect(messageKey('topic', 'message')).toBe(messageKey('topic', 'message'))
    expect(messageKey('ab', 'c')).not.toBe(messageKey('a', 'bc'))
    // Ten thousand envelopes of one length on one topic, differing in a few characters: no two keys alike.
    const keys = new Set(
      Array.from({ length: 10_000 }, (_, i) => messageKey('t'.repeat(64), `AAE${i}`.padEnd(80, '='))),
    )
    expect(keys.size).toBe(10_000)
  })
})

describe('createRequestIds', () => {
  it('makes unique, increasing 19-digit strings from the clock', () => {
    const next = createRequestIds(() => 1_732_170_000_000)
    const ids = Array.from({ length: 1000 }, next)
    expect(new Set(ids).size).toBe(1000)
    for (const id of ids) expect(id).toMatch(/^1732170000000\d{6}$/)
    expect(BigInt(ids[999] ?? '0') - BigInt(ids[0] ?? '0')).toBe(999n)
  })
})

describe('connectionUrl', () => {
  it('appends auth, projectId and ua, keeping the base verbatim and any existing query', () => {
    expect(
      connectionUrl({ relayUrl: 'ws://127.0.0.1:8787', auth: 'a.b.c', projectId: 'p', userAgent: 'wc-2/x' }),
    ).toBe('ws://127.0.0.1:8787?auth=a.b.c&projectId=p&ua=wc-2%2Fx')
    expect(connectionUrl({ relayUrl: 'wss://relay.example/v1?region=eu', auth: 't', userAgent: 'u' })).toBe(
      'wss://relay.example/v1?region=eu&auth=t&ua=u',
    )
  })
})

describe('startHeartbeat', () => {
  it('probes every interval while traffic arrives, and declares the socket dead after the silence limit', () => {
    vi.useFakeTimers()
    let now = 0
    const onTick = vi.fn()
    const onDead = vi.fn()
    const heartbeat = startHeartbeat({ intervalMs: 10, timeoutMs: 25, onTick, onDead, now: () => now })
    for (let i = 0; i < 5; i++) {
      now += 10
      heartbeat.touch()
      vi.advanceTimersByTime(10)
    }
    expect(onTick).toHaveBeenCalledTimes(5)
    expect(onDead).not.toHaveBeenCalled()
    now += 30
    vi.advanceTimersByTime(10)
    expect(onDead).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(100)
    expect(onDead).toHaveBeenCalledTimes(1)
    heartbeat.stop()
  })

  it('never declares death when the timeout is infinite', () => {
    vi.useFakeTimers()
    const onDead = vi.fn()
    const heartbeat = startHeartbeat({
      intervalMs: 10,
      timeoutMs: Number.POSITIVE_INFINITY,
      onTick: () => {},
      onDead,
    })
    vi.advanceTimersByTime(100_000)
    expect(onDead).not.toHaveBeenCalled()
    heartbeat.stop()
  })
})
