import type { Redis } from 'ioredis'
import * as z from 'zod/mini'
import {
  type MailboxStore,
  type RelayLogger,
  type StoredMessage,
  StoredMessageSchema,
} from '../core/index.js'
import { connectRedis, DEFAULT_REDIS_PREFIX, type RedisKeys, redisKeys } from './connect.js'

// KEYS: message, topic index, sequence, expiry index. ARGV: json, ttl ms, id, expiresAt, topic.
// The message key is written NX, so a re-published envelope keeps its delivery records.
const putScript = `
if not redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2], 'NX') then return 0 end
local seq = redis.call('INCR', KEYS[3])
redis.call('ZADD', KEYS[2], seq, ARGV[3])
if redis.call('PTTL', KEYS[2]) < tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[2], ARGV[2]) end
redis.call('ZADD', KEYS[4], ARGV[4], ARGV[5] .. ' ' .. ARGV[3])
return 1
`

// KEYS: message, deliveries. ARGV: client id. Nothing is recorded for a message that is gone.
const deliverScript = `
local ttl = redis.call('PTTL', KEYS[1])
if ttl <= 0 then return 0 end
local added = redis.call('SADD', KEYS[2], ARGV[1])
redis.call('PEXPIRE', KEYS[2], ttl)
return added
`

// KEYS: expiry index. ARGV: now, key prefix, batch size. Removal and counting happen in one script, so
// when several nodes sweep at once each expired message is counted by exactly one of them.
const purgeScript = `
local expired = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[3]))
for _, member in ipairs(expired) do
  local topic, id = string.match(member, '^(%S+) (%S+)$')
  redis.call('ZREM', KEYS[1], member)
  redis.call('ZREM', ARGV[2] .. 'topic:' .. topic, id)
  redis.call('DEL', ARGV[2] .. 'msg:' .. id, ARGV[2] .. 'dlv:' .. id)
end
return #expired
`

const PURGE_BATCH = 1000
const count = z.int().check(z.nonnegative())

/**
 * Mailboxes in Redis, shared by every relay node pointing at it: one key per message (expiring with
 * the message), a sorted set per topic in publish order, a set of acknowledged client ids per message.
 */
export class RedisMailboxStore implements MailboxStore {
  private readonly keys: RedisKeys

  private constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    this.keys = redisKeys(prefix)
  }

  static async open(
    url: string,
    logger: RelayLogger,
    prefix = DEFAULT_REDIS_PREFIX,
  ): Promise<RedisMailboxStore> {
    return new RedisMailboxStore(await connectRedis(url, 'pairwise-relay-store', logger), prefix)
  }

  async put(message: StoredMessage): Promise<boolean> {
    const ttlMs = Math.max(1, message.expiresAt - message.publishedAt)
    const added = await this.redis.eval(
      putScript,
      4,
      this.keys.message(message.id),
      this.keys.topic(message.topic),
      this.keys.sequence,
      this.keys.expiry,
      JSON.stringify(message),
      ttlMs,
      message.id,
      message.expiresAt,
      message.topic,
    )
    return count.parse(added) === 1
  }

  async undelivered(topic: string, clientId: string, now: number, limit: number): Promise<StoredMessage[]> {
    const ids = await this.redis.zrange(this.keys.topic(topic), 0, -1)
    if (ids.length === 0) return []
    const pipeline = this.redis.pipeline()
    for (const id of ids) pipeline.get(this.keys.message(id)).sismember(this.keys.deliveries(id), clientId)
    const replies = (await pipeline.exec()) ?? []
    const found: StoredMessage[] = []
    for (let index = 0; index < ids.length && found.length < limit; index++) {
      const [stored, delivered] = [replies[2 * index], replies[2 * index + 1]]
      if (stored?.[0] || delivered?.[0]) throw stored?.[0] ?? delivered?.[0]
      const json = stored?.[1]
      // Gone already: its key expired before the sweep removed it from the index.
      if (typeof json !== 'string') continue
      const message = StoredMessageSchema.parse(JSON.parse(json))
      if (message.expiresAt <= now || message.publisherId === clientId || delivered?.[1] === 1) continue
      found.push(message)
    }
    return found
  }

  async markDelivered(id: string, clientId: string): Promise<boolean> {
    const added = await this.redis.eval(
      deliverScript,
      2,
      this.keys.message(id),
      this.keys.deliveries(id),
      clientId,
    )
    return count.parse(added) === 1
  }

  async purgeExpired(now: number): Promise<number> {
    let total = 0
    for (;;) {
      const dropped = count.parse(
        await this.redis.eval(purgeScript, 1, this.keys.expiry, now, this.prefix, PURGE_BATCH),
      )
      total += dropped
      if (dropped < PURGE_BATCH) return total
    }
  }

  async size(): Promise<number> {
    return this.redis.zcard(this.keys.expiry)
  }

  async close(): Promise<void> {
    await this.redis.quit()
  }
}
