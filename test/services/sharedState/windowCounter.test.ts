import type { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { silentLogger } from '../../../services/relay/index.js'
import {
  MemoryWindowCounter,
  type OpenSharedState,
  openRedisSharedState,
  type WindowCounter,
  type WindowCounterOptions,
} from '../../../services/sharedState/index.js'
import { type RedisServer, startRedisServer } from '../relay/support/redisServer.js'

let redis: RedisServer
let shared: OpenSharedState
let counters = 0

beforeAll(async () => {
  redis = await startRedisServer()
  shared = await openRedisSharedState(redis.url, silentLogger, 'test:')
})
afterAll(async () => {
  await shared?.close()
  await redis?.stop()
})

const client = (): Redis => {
  if (shared.state.kind !== 'redis') throw new Error('the shared state is not Redis')
  return shared.state.redis
}

// Each test gets counters of its own name, so the Redis ones never see another test's counts.
const kinds: { name: string; make(options: WindowCounterOptions): WindowCounter }[] = [
  { name: 'memory', make: (options) => new MemoryWindowCounter(options) },
  { name: 'redis', make: (options) => shared.state.counter(`c${++counters}`, options) },
]

describe.each(kinds)('the $name window counter', ({ make }) => {
  it('counts aligned windows: refuses past the limit, starts afresh at the next window, refunds one', async () => {
    let now = 120_000 + 5_000
    const counter = make({ now: () => now })
    expect([await counter.take('a', 2), await counter.take('a', 2), await counter.take('a', 2)]).toEqual([
      true,
      true,
      false,
    ])
    expect(await counter.take('b', 2)).toBe(true)
    expect(counter.retryAfterSeconds()).toBe(55)
    await counter.refund('a')
    expect(await counter.take('a', 2)).toBe(true)
    expect(await counter.take('a', 2)).toBe(false)
    now = 180_000
    expect(await counter.take('a', 2)).toBe(true)
    // A refund in a later window gives nothing back to the window before.
    await counter.refund('a')
    await counter.refund('a')
    expect([await counter.take('a', 2), await counter.take('a', 2), await counter.take('a', 2)]).toEqual([
      true,
      true,
      false,
    ])
  })

  it('counts windows from the first take, every budget at once and nothing when one is over', async () => {
    let now = 1_000_123
    const counter = make({ now: () => now, windows: 'fromFirstTake' })
    const budgets = (calls: number) => [
      { limit: 3, amount: 1 },
      { limit: 10, amount: calls },
    ]
    expect(await counter.takeAll('p', budgets(6))).toBe(true)
    expect(await counter.takeAll('p', budgets(5))).toBe(false)
    expect(await counter.takeAll('p', budgets(4))).toBe(true)
    expect(await counter.takeAll('p', budgets(1))).toBe(false)
    expect(await counter.takeAll('p', budgets(0))).toBe(true)
    expect(await counter.takeAll('p', budgets(0))).toBe(false)
    now += 59_999
    expect(await counter.takeAll('p', budgets(0))).toBe(false)
    now += 1
    expect(await counter.takeAll('p', budgets(10))).toBe(true)
  })
})

describe('the memory window counter when full', () => {
  it('drops the oldest window, not a key known longer whose count started again since', () => {
    let now = 0
    const counter = new MemoryWindowCounter({ windows: 'fromFirstTake', maxKeys: 2, now: () => now })
    expect(counter.take('busy', 1)).toBe(true)
    now = 30_000
    expect(counter.take('quiet', 1)).toBe(true)
    now = 61_000
    expect(counter.take('busy', 1)).toBe(true)
    now = 70_000
    expect(counter.take('new', 1)).toBe(true)
    // `busy` keeps its window of 61 s (spent); `quiet`'s, the oldest, went.
    expect(counter.take('busy', 1)).toBe(false)
    expect(counter.take('quiet', 1)).toBe(true)
  })

  it('admits a new client in constant time, not with a pass over every live key', () => {
    const counter = new MemoryWindowCounter({ maxKeys: 100_000, now: () => 0 })
    for (let i = 0; i < 100_000; i++) counter.take(`live ${i}`, 10)
    const started = performance.now()
    for (let i = 0; i < 2_000; i++) counter.take(`new ${i}`, 10)
    // A pass over 100,000 keys is about 3 ms, so 2,000 of them take seconds; without one, milliseconds.
    expect(performance.now() - started).toBeLessThan(1_000)
    expect(counter.size).toBe(100_000)
  })
})

describe('the Redis window counter', () => {
  it('shares one budget between counters of one name (two processes), keeps names apart, and lets keys expire', async () => {
    const now = () => 600_000 + 1_000
    const [nodeA, nodeB] = [shared.state.counter('shared', { now }), shared.state.counter('shared', { now })]
    const other = shared.state.counter('other', { now })
    expect(await nodeA.take('client', 2)).toBe(true)
    expect(await nodeB.take('client', 2)).toBe(true)
    expect(await nodeA.take('client', 2)).toBe(false)
    expect(await other.take('client', 2)).toBe(true)
    // The key lives until its window ends and no longer: Redis holds only live windows.
    const ttl = await client().pttl('test:shared:client')
    expect(ttl).toBeGreaterThan(0)
    expect(ttl).toBeLessThanOrEqual(59_000)
  })

  it('keeps one window for processes whose clocks differ across its edge, never restarting the count at each', async () => {
    // Node A's clock is 400 ms ahead of node B's: A is in the window starting at 600 s, B still in the one before.
    const nodeA = shared.state.counter('skewed', { now: () => 600_200 })
    const nodeB = shared.state.counter('skewed', { now: () => 599_800 })
    const taken = []
    for (const node of [nodeB, nodeA, nodeB, nodeA, nodeB, nodeA]) taken.push(await node.take('client', 2))
    // B's window, then A's newer one, which B counts into too: two in it, then refused on both.
    expect(taken).toEqual([true, true, true, false, false, false])
  })

  it('admits exactly the limit when many takes race', async () => {
    const counter = shared.state.counter('race', { now: () => 1_000 })
    const results = await Promise.all(Array.from({ length: 50 }, () => counter.take('k', 20)))
    expect(results.filter(Boolean)).toHaveLength(20)
  })
})
