import { describeError, type Logger } from '@pairwise/relay/core'
import type { Redis } from 'ioredis'
import type { ConnectionCounts } from '../connectionCounts.js'
import { connectRedis } from './connect.js'

/** A node that has not beaten this long is taken for dead, and its counts stop counting. */
export const NODE_COUNTS_TTL_MS = 30_000

// Each node keeps its own hash `conns:node:<id>` (address → open connections) and beats in the sorted set
// `conns:nodes` (id → last beat, by Redis's clock, so the nodes' clocks need not agree). An address's count
// is the sum over the nodes that beat within the TTL. A node that dies without closing its sockets stops
// beating: its hash expires and it leaves the set within the TTL, so its counts never leak for longer.
// (One key per address holding every node's count would instead keep a dead node's share as long as that
// address kept connecting.) The check and the count are one script, so two nodes never both admit the last.
const liveNodes = `
local prefix, node = ARGV[1], ARGV[2]
local ttl = tonumber(ARGV[3])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local nodes, own = prefix .. 'nodes', prefix .. 'node:' .. node
redis.call('ZADD', nodes, now, node)
redis.call('ZREMRANGEBYSCORE', nodes, '-inf', now - ttl)
redis.call('PEXPIRE', nodes, ttl)
`

const admitScript = `${liveNodes}
local address, cap = ARGV[4], tonumber(ARGV[5])
local open = 0
for _, each in ipairs(redis.call('ZRANGE', nodes, 0, -1)) do
  open = open + tonumber(redis.call('HGET', prefix .. 'node:' .. each, address) or '0')
end
if open >= cap then return 0 end
redis.call('HINCRBY', own, address, 1)
redis.call('PEXPIRE', own, ttl)
return 1
`

// ARGV from 4: address, count, address, count… — every address this node holds connections of, so a
// node's share is rewritten from what it knows at each beat: a release that never reached Redis, or counts
// that expired while beats failed, are put right within one beat instead of lasting as long as the node.
// One pair per address open on the node, so the work is bounded by its maxConnections.
const beatScript = `${liveNodes}
redis.call('DEL', own)
for index = 4, #ARGV, 2 do redis.call('HSET', own, ARGV[index], ARGV[index + 1]) end
redis.call('PEXPIRE', own, ttl)
return 1
`

const releaseScript = `
local own, address = ARGV[1] .. 'node:' .. ARGV[2], ARGV[3]
if redis.call('HINCRBY', own, address, -1) <= 0 then redis.call('HDEL', own, address) end
return 1
`

/** Per-address connection counts of every relay node using one Redis (keys under `<prefix>conns:`). */
export class RedisConnectionCounts implements ConnectionCounts {
  readonly #redis: Redis
  readonly #prefix: string
  readonly #nodeId: string
  readonly #logger: Logger
  readonly #ttlMs: number
  readonly #beat: ReturnType<typeof setInterval>
  /**
   * This node's open connections per address, what its beats write to Redis. An admission counts here
   * from when it is sent, so a beat sent behind it keeps it; a refused one is taken back.
   */
  readonly #open = new Map<string, number>()

  private constructor(redis: Redis, prefix: string, nodeId: string, logger: Logger, ttlMs: number) {
    this.#redis = redis
    this.#prefix = `${prefix}conns:`
    this.#nodeId = nodeId
    this.#logger = logger
    this.#ttlMs = ttlMs
    // Three beats per TTL: one lost beat does not make a live node's connections stop counting.
    this.#beat = setInterval(() => this.#heartbeat(), Math.floor(ttlMs / 3))
    this.#beat.unref()
  }

  static async open(
    url: string,
    nodeId: string,
    logger: Logger,
    prefix: string,
    ttlMs = NODE_COUNTS_TTL_MS,
  ): Promise<RedisConnectionCounts> {
    const redis = await connectRedis(url, 'pairwise-relay-connections', logger)
    return new RedisConnectionCounts(redis, prefix, nodeId, logger, ttlMs)
  }

  async admit(address: string, cap: number): Promise<boolean> {
    const args = [this.#prefix, this.#nodeId, String(this.#ttlMs), address, String(cap)]
    this.#count(address, 1)
    let admitted = false
    try {
      admitted = (await this.#redis.eval(admitScript, 0, ...args)) === 1
    } finally {
      if (!admitted) this.#count(address, -1)
    }
    return admitted
  }

  release(address: string): void {
    this.#count(address, -1)
    this.#redis
      .eval(releaseScript, 0, this.#prefix, this.#nodeId, address)
      .catch((error: unknown) =>
        this.#logger.warn('could not release a connection count in Redis', { error: describeError(error) }),
      )
  }

  async close(): Promise<void> {
    clearInterval(this.#beat)
    this.#open.clear()
    try {
      await this.#redis.del(`${this.#prefix}node:${this.#nodeId}`)
      await this.#redis.zrem(`${this.#prefix}nodes`, this.#nodeId)
    } catch (error) {
      // The node's hash expires on its own within the TTL.
      this.#logger.warn('could not clear the connection counts in Redis', { error: describeError(error) })
    }
    await this.#redis.quit().catch(() => this.#redis.disconnect())
  }

  #count(address: string, delta: number): void {
    const open = (this.#open.get(address) ?? 0) + delta
    if (open > 0) this.#open.set(address, open)
    else this.#open.delete(address)
  }

  #heartbeat(): void {
    const held = [...this.#open].flatMap(([address, open]) => [address, String(open)])
    this.#redis
      .eval(beatScript, 0, this.#prefix, this.#nodeId, String(this.#ttlMs), ...held)
      .catch((error: unknown) =>
        this.#logger.warn('connection count heartbeat failed', { error: describeError(error) }),
      )
  }
}
