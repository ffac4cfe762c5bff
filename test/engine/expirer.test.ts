import { afterEach, describe, expect, it, vi } from 'vitest'
import { Expirer, type ExpirerTarget, topicTarget } from '../../engine/store/expirer.js'
import { systemClock } from '../../engine/time.js'
import { defaultTimings } from '../../relay/client/index.js'
import { MemoryStorage } from '../../storage/index.js'

afterEach(() => {
  vi.useRealTimers()
})

describe('expirer', () => {
  it('CONST-24 an expiry is acted on no later than one 5 s heartbeat tick after it passes', async () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 })
    const fired: ExpirerTarget[] = []
    const expirer = new Expirer({
      storage: new MemoryStorage(),
      storageKey: 'test:expirer',
      clock: systemClock,
      onExpired: (target) => fired.push(target),
    })
    await expirer.init()
    expirer.start()
    const expiry = Math.floor(Date.now() / 1000) + 60
    await expirer.set(topicTarget('a'.repeat(64)), expiry)
    await vi.advanceTimersByTimeAsync(59_000)
    expect(fired).toEqual([])
    await vi.advanceTimersByTimeAsync(1_000 + defaultTimings.heartbeatIntervalMs)
    expect(fired).toEqual([{ kind: 'topic', topic: 'a'.repeat(64) }])
    expirer.stop()
  })
})
