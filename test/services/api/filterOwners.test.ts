import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  FILTER_TTL_MS,
  type FilterOwners,
  MemoryFilterOwners,
} from '../../../services/api/rpcProxy/filterOwners.js'
import { RedisFilterOwners } from '../../../services/api/rpcProxy/redisFilterOwners.js'
import { type RedisServer, startRedisServer } from '../relay/support/redisServer.js'

let redis: RedisServer
let client: Redis
beforeAll(async () => {
  redis = await startRedisServer()
  client = new Redis(redis.url)
}, 30_000)
afterAll(async () => {
  client?.disconnect()
  await redis?.stop()
})

const stores: [string, (now: () => number, prefix: string) => FilterOwners][] = [
  ['in memory', (now) => new MemoryFilterOwners({ now, perClient: 2 })],
  ['in Redis', (now, prefix) => new RedisFilterOwners(client, prefix, { now, perClient: 2 })],
]

describe.each(stores)('filter owners %s', (_, make) => {
  it('binds a filter to the client that reserved its slot, up to its cap, and forgets it unused for the TTL', async () => {
    const clock = { now: 1_000_000 }
    const owners = make(() => clock.now, `t:${Math.random()}:`)
    expect(await owners.reserve('alice', 'slot a')).toBe(true)
    expect(await owners.reserve('alice', 'slot b')).toBe(true)
    expect(await owners.reserve('alice', 'slot c')).toBe(false)
    expect(await owners.reserve('bob', 'slot d')).toBe(true)
    await owners.bind('alice', 'slot a', 'chain 0x1')
    await owners.release('alice', 'slot b')
    expect(await owners.touch('alice', 'chain 0x1')).toBe(true)
    expect(await owners.touch('bob', 'chain 0x1')).toBe(false)
    expect(await owners.touch('alice', 'slot b')).toBe(false)
    expect(await owners.reserve('alice', 'slot e')).toBe(true)
    clock.now += FILTER_TTL_MS - 1
    expect(await owners.touch('alice', 'chain 0x1')).toBe(true)
    clock.now += 1
    expect(await owners.reserve('alice', 'slot f')).toBe(true)
    expect(await owners.touch('alice', 'chain 0x1')).toBe(true)
    expect(await owners.reserve('alice', 'slot g')).toBe(false)
  })
})
