import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningRelay, silentLogger } from '../../../services/relay/index.js'
import {
  NODE_COUNTS_TTL_MS,
  RedisConnectionCounts,
} from '../../../services/relay/redis/redisConnectionCounts.js'
import { type RedisServer, startRedisServer } from './support/redisServer.js'
import { useRelays } from './support/useRelays.js'

let redis: RedisServer
let client: Redis
let deployments = 0
const { relayWith, sockets, upgradeStatus } = useRelays()

beforeAll(async () => {
  redis = await startRedisServer()
  client = new Redis(redis.url)
})
afterAll(async () => {
  client?.disconnect()
  await redis?.stop()
})

/** Two relay nodes of one deployment (a key prefix of its own), at most two connections per address. */
async function twoNodes(): Promise<{ prefix: string; nodes: RunningRelay[] }> {
  const prefix = `deployment${++deployments}:`
  const options = { redisUrl: redis.url, redisPrefix: prefix, limits: { maxConnectionsPerIp: 2 } }
  return { prefix, nodes: [await relayWith(options), await relayWith(options)] }
}

const from = (url: string, address: string) => upgradeStatus(url, { localAddress: address })

describe('relay nodes sharing one Redis', () => {
  it('count an address’s connections over every node, and free one when its socket closes', async () => {
    const { nodes } = await twoNodes()
    const [a, b] = nodes.map((node) => node.url) as [string, string]
    expect(await from(a, '127.0.0.1')).toBe(101)
    expect(await from(b, '127.0.0.1')).toBe(101)
    expect(await from(a, '127.0.0.1')).toBe(429)
    expect(await from(b, '127.0.0.1')).toBe(429)
    expect(await from(b, '127.0.0.2')).toBe(101)
    sockets[0]?.close()
    await expect.poll(() => from(b, '127.0.0.1'), { timeout: 20_000, interval: 100 }).toBe(101)
  })

  it('count a live node’s connections and drop those of a node that stopped beating', async () => {
    const { prefix, nodes } = await twoNodes()
    const [seconds] = await client.time()
    const now = Number(seconds) * 1000
    // A node that beat just now holds two connections of .3; one silent for longer than the TTL (a
    // crash: nothing released) holds two of .4.
    await client.zadd(`${prefix}conns:nodes`, now, 'live', now - NODE_COUNTS_TTL_MS - 1000, 'crashed')
    await client.hset(`${prefix}conns:node:live`, '127.0.0.3', '2')
    await client.hset(`${prefix}conns:node:crashed`, '127.0.0.4', '2')
    const url = nodes[0]?.url ?? ''
    expect(await from(url, '127.0.0.3')).toBe(429)
    expect(await from(url, '127.0.0.4')).toBe(101)
    expect(await client.zscore(`${prefix}conns:nodes`, 'crashed')).toBeNull()
    // Every key of the counts expires: a deployment that stops leaves nothing behind for good.
    for (const node of nodes)
      expect(await client.pttl(`${prefix}conns:node:${node.nodeId}`)).toBeLessThanOrEqual(NODE_COUNTS_TTL_MS)
    expect(await client.pttl(`${prefix}conns:nodes`)).toBeGreaterThan(0)
  })

  it('put right, by the next beat, a node’s counts that Redis lost or kept after a release that never reached it', async () => {
    const prefix = `deployment${++deployments}:`
    const counts = await RedisConnectionCounts.open(redis.url, 'node', silentLogger, prefix, 300)
    const own = `${prefix}conns:node:node`
    try {
      expect(await counts.admit('10.0.0.1', 1)).toBe(true)
      // A release of .2 lost on the way (a partition), and the count of .1 gone (expired while beats failed).
      await client.hset(own, '10.0.0.2', '1')
      await client.hdel(own, '10.0.0.1')
      await expect
        .poll(() => client.hgetall(own), { timeout: 2000, interval: 50 })
        .toEqual({ '10.0.0.1': '1' })
      expect(await counts.admit('10.0.0.2', 1)).toBe(true)
      expect(await counts.admit('10.0.0.1', 1)).toBe(false)
    } finally {
      await counts.close()
    }
  })

  it('forget a node’s counts when it closes', async () => {
    const { prefix, nodes } = await twoNodes()
    const [a] = nodes as [RunningRelay]
    expect(await from(a.url, '127.0.0.5')).toBe(101)
    expect(await client.hget(`${prefix}conns:node:${a.nodeId}`, '127.0.0.5')).toBe('1')
    await a.close()
    expect(await client.exists(`${prefix}conns:node:${a.nodeId}`)).toBe(0)
    expect(await client.zscore(`${prefix}conns:nodes`, a.nodeId)).toBeNull()
  })
})
