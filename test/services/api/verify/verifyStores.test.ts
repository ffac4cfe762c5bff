import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  AttestationStore,
  type AttestationStoreOptions,
  type Attestations,
  ChallengeStore,
  type ChallengeStoreOptions,
  type Challenges,
  RedisAttestationStore,
  RedisChallengeStore,
} from '../../../../services/api/verify/index.js'
import { silentLogger } from '../../../../services/relay/index.js'
import {
  type OpenSharedState,
  openRedisSharedState,
  type SharedState,
} from '../../../../services/sharedState/index.js'
import { type RedisServer, startRedisServer } from '../../relay/support/redisServer.js'

let redis: RedisServer
let shared: OpenSharedState
let stores = 0

beforeAll(async () => {
  redis = await startRedisServer()
  shared = await openRedisSharedState(redis.url, silentLogger)
})
afterAll(async () => {
  await shared?.close()
  await redis?.stop()
})

const redisOf = (state: SharedState) => {
  if (state.kind !== 'redis') throw new Error('the shared state is not Redis')
  return state.redis
}

// The Redis stores must answer as the in-memory ones do; each test gets a key prefix of its own.
const kinds: {
  name: string
  attestations(options: AttestationStoreOptions): Attestations
  challenges(options: ChallengeStoreOptions): Challenges
}[] = [
  {
    name: 'memory',
    attestations: (options) => new AttestationStore(options),
    challenges: (options) => new ChallengeStore(options),
  },
  {
    name: 'redis',
    attestations: (options) => new RedisAttestationStore(redisOf(shared.state), `s${++stores}:`, options),
    challenges: (options) => new RedisChallengeStore(redisOf(shared.state), `s${++stores}:`, options),
  },
]

const hash = (n: number) => n.toString(16).padStart(64, '0')

describe.each(kinds)('the $name verify stores', (kind) => {
  it('answer a registration while fresh, and neither origin once two origins registered one hash', async () => {
    let now = 1_000_000
    const store = kind.attestations({ now: () => now, ttlMs: 5_000 })
    await store.register(hash(1), 'https://a.example', 'client-1')
    await store.register(hash(2), 'https://a.example', 'client-1')
    await store.register(hash(2), 'https://b.example', 'client-2')
    expect(await store.originOf(hash(1))).toBe('https://a.example')
    expect(await store.originOf(hash(2))).toBeUndefined()
    expect(await store.originOf(hash(3))).toBeUndefined()
    now += 5_000
    expect(await store.originOf(hash(1))).toBeUndefined()
    // An expired hash registers afresh.
    await store.register(hash(1), 'https://c.example', 'client-1')
    expect(await store.originOf(hash(1))).toBe('https://c.example')
  })

  it('drop a client’s own oldest registration past its cap, and the oldest of all past the total', async () => {
    let now = 2_000_000
    const store = kind.attestations({ now: () => now, perClient: 2, maxEntries: 3 })
    for (const n of [1, 2, 3]) {
      await store.register(hash(n), 'https://a.example', 'flooder')
      now += 1
    }
    expect(await store.originOf(hash(1))).toBeUndefined()
    expect(await store.originOf(hash(2))).toBe('https://a.example')
    await store.register(hash(4), 'https://b.example', 'other')
    await store.register(hash(5), 'https://b.example', 'other-2')
    expect(await store.originOf(hash(2))).toBeUndefined()
    for (const n of [3, 4, 5]) expect(await store.originOf(hash(n))).toBeDefined()
  })

  it('past the total, drop the oldest of the client holding the most, so a flood from many addresses pushes out its own before an honest one', async () => {
    let now = 2_500_000
    const store = kind.attestations({ now: () => now, perClient: 10, maxEntries: 6 })
    const register = async (n: number, client: string) => {
      await store.register(hash(n), 'https://a.example', client)
      now += 1
    }
    await register(1, 'honest')
    for (const n of [2, 3, 4, 5]) await register(n, 'flooder-1')
    await register(6, 'flooder-2')
    // The total is reached: flooder-1 holds the most (4, then 3) and loses its oldest twice.
    for (const n of [7, 8]) await register(n, 'flooder-2')
    // Now flooder-2 holds the most (3, against 2): its own oldest goes.
    await register(9, 'flooder-1')
    for (const n of [2, 3, 6]) expect(await store.originOf(hash(n))).toBeUndefined()
    for (const n of [1, 4, 5, 7, 8, 9]) expect(await store.originOf(hash(n))).toBe('https://a.example')
  })

  it('past the total, skip a client whose registrations all went stale for the fullest one holding live ones', async () => {
    let now = 2_700_000
    const store = kind.attestations({ now: () => now, ttlMs: 1_000, perClient: 10, maxEntries: 3 })
    for (const n of [1, 2]) await store.register(hash(n), 'https://a.example', 'gone')
    now += 1_000
    for (const n of [3, 4, 5]) await store.register(hash(n), 'https://a.example', 'flooder')
    await store.register(hash(6), 'https://b.example', 'honest')
    expect(await store.originOf(hash(3))).toBeUndefined()
    for (const n of [4, 5]) expect(await store.originOf(hash(n))).toBe('https://a.example')
    expect(await store.originOf(hash(6))).toBe('https://b.example')
  })

  it('spend a challenge once, only for the client it was served to, and only while fresh', async () => {
    let now = 3_000_000
    const challenges = kind.challenges({ now: () => now, ttlMs: 30_000 })
    const first = await challenges.issue({ origin: 'https://a.example', verified: true }, 'client-1')
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(await challenges.take(first, 'client-2')).toBeUndefined()
    expect(await challenges.take(first, 'client-1')).toEqual({ origin: 'https://a.example', verified: true })
    expect(await challenges.take(first, 'client-1')).toBeUndefined()
    const late = await challenges.issue({ origin: 'https://a.example', verified: false }, 'client-1')
    now += 30_000
    expect(await challenges.take(late, 'client-1')).toBeUndefined()
  })

  it('forget a client’s oldest open challenge past its cap', async () => {
    const challenges = kind.challenges({ now: () => 4_000_000, perClient: 2 })
    const issued = []
    for (let n = 0; n < 3; n++)
      issued.push(await challenges.issue({ origin: 'https://a.example', verified: false }, 'client-1'))
    expect(await challenges.take(issued[0] ?? '', 'client-1')).toBeUndefined()
    expect(await challenges.take(issued[2] ?? '', 'client-1')).toBeDefined()
  })
})

describe('the Redis verify stores, when their counts are wrong', () => {
  // What a client's records index or the counts lose when Redis expires them, or when a process of the
  // previous release, which kept no counts, writes beside this one's.
  const setUp = () => {
    const prefix = `s${++stores}:`
    let now = 5_000_000
    const store = new RedisAttestationStore(redisOf(shared.state), prefix, {
      now: () => now,
      perClient: 10,
      maxEntries: 5,
    })
    const register = (n: number, client: string) => store.register(hash(n), 'https://a.example', client)
    const keys = `${prefix}verify-attestations:`
    const later = (ms: number) => {
      now += ms
    }
    return { store, register, keys, later }
  }

  it('past the total, count again a client counted above what its index holds, and drop from the one that really holds the most', async () => {
    const { store, register, keys, later } = setUp()
    for (const n of [1, 2, 3]) await register(n, 'honest')
    await redisOf(shared.state).del(`${keys}c:honest`)
    later(5 * 60_000)
    // The three go stale and are dropped, but nothing is left to count them off.
    for (const [n, client] of [
      [4, 'y'],
      [5, 'z'],
      [6, 'honest'],
      [7, 'flooder'],
      [8, 'flooder'],
      [9, 'flooder'],
    ] as const)
      await register(n, client)
    expect(await store.originOf(hash(6))).toBe('https://a.example')
    expect(await store.originOf(hash(7))).toBeUndefined()
  })

  it('past the total, with no counts at all, drop the oldest of all rather than pass the total', async () => {
    const { store, register, keys } = setUp()
    for (const n of [1, 2, 3, 4, 5]) await register(n, `client-${n}`)
    await redisOf(shared.state).del(`${keys}n`)
    await register(6, 'client-6')
    expect(await store.originOf(hash(1))).toBeUndefined()
    expect(await redisOf(shared.state).zcard(`${keys}all`)).toBe(5)
  })
})
