import {
  type Logger,
  MAX_DELIVERY_RECORDS_PER_MESSAGE,
  type MailboxCaps,
  type MailboxStore,
  MESSAGE_OVERHEAD_BYTES,
  mailboxBytes,
  type PutOutcome,
  type StoredMessage,
  StoredMessageSchema,
  textBytes,
} from '@pairwise/relay/core'
import type { Redis } from 'ioredis'
import * as z from 'zod/mini'
import { connectRedis, DEFAULT_REDIS_PREFIX, type RedisKeys, redisKeys } from './connect.js'

// Drops up to `limit` messages expired at `now` and returns how many. Expiry index members are
// "topic id bytes", so the byte counter loses exactly what the index loses.
const purgeFunction = `
local function purge(expiry, bytes, now, prefix, limit)
  local expired = redis.call('ZRANGEBYSCORE', expiry, '-inf', now, 'LIMIT', 0, limit)
  for _, member in ipairs(expired) do
    local topic, id, size = string.match(member, '^(%S+) (%S+) (%d+)$')
    redis.call('ZREM', expiry, member)
    redis.call('ZREM', prefix .. 'topic:' .. topic, id)
    redis.call('DEL', prefix .. 'msg:' .. id, prefix .. 'dlv:' .. id)
    redis.call('DECRBY', bytes, size)
  end
  return #expired
end
`

// The oldest `count` unexpired messages of a topic that some client acknowledged or fetched (deliveries
// are only recorded for clients other than the publisher), as { id, expiry index member } pairs with
// their bytes, or nil when it has fewer. A message is taken only when its index member, rebuilt from the
// stored envelope's and attestation's lengths and the overhead (mailboxBytes), is found: one that is not
// plain ASCII (never base64 or a JWT) is left to expire, as is one a relay of before the overhead stored.
const oldestDeliveredFunction = `
local function oldestDelivered(topicKey, expiry, prefix, topic, now, count)
  local found, freed, start, ids = {}, 0, 0, nil
  repeat
    -- In pages: the oldest message is usually the one to evict, and the topic holds a thousand.
    ids = redis.call('ZRANGE', topicKey, start, start + 63)
    start = start + 64
    for _, id in ipairs(ids) do
      local json = redis.call('EXISTS', prefix .. 'dlv:' .. id) == 1 and redis.call('GET', prefix .. 'msg:' .. id)
      local ok, stored = false, nil
      if json then ok, stored = pcall(cjson.decode, json) end
      if ok and type(stored) == 'table' and type(stored.message) == 'string' then
        local size = ${MESSAGE_OVERHEAD_BYTES} + #stored.message
          + (type(stored.attestation) == 'string' and #stored.attestation or 0)
        local member = topic .. ' ' .. id .. ' ' .. size
        local expiresAt = redis.call('ZSCORE', expiry, member)
        if expiresAt and tonumber(expiresAt) > tonumber(now) then
          found[#found + 1] = { id, member }
          freed = freed + size
          if #found == count then return found, freed end
        end
      end
    end
  until #ids < 64
  return nil, 0
end
`

// KEYS: message, topic index, sequence, expiry index, bytes, expired-by-put. ARGV: json, ttl ms, id,
// expiresAt, topic, bytes (mailboxBytes), now, max per topic, max bytes, key prefix, purge batch, address
// full (1 or 0).
// The message key is written only when absent, so a re-published envelope keeps its delivery records.
// Caps count unexpired messages: when one looks reached, expired messages are dropped first (counted
// for the next sweep to report) and the cap is checked again. A full topic then evicts its oldest
// delivered messages, if it has enough, and what they free counts for the store's bytes; a refused put
// evicts nothing.
const putScript = `${purgeFunction}${oldestDeliveredFunction}
if redis.call('EXISTS', KEYS[1]) == 1 then return 'duplicate' end
if ARGV[12] == '1' then return 'addressFull' end
local size = tonumber(ARGV[6])
local function over() return redis.call('ZCARD', KEYS[2]) - tonumber(ARGV[8]) + 1 end
local function storeFull(freed)
  return tonumber(redis.call('GET', KEYS[5]) or '0') - freed + size > tonumber(ARGV[9])
end
local evicted, freed = {}, 0
if over() > 0 or storeFull(0) then
  local dropped = purge(KEYS[4], KEYS[5], ARGV[7], ARGV[10], tonumber(ARGV[11]))
  if dropped > 0 then redis.call('INCRBY', KEYS[6], dropped) end
  local needed = over()
  if needed > 0 then
    evicted, freed = oldestDelivered(KEYS[2], KEYS[4], ARGV[10], ARGV[5], ARGV[7], needed)
    if not evicted then return 'topicFull' end
  end
  if storeFull(freed) then return 'storeFull' end
end
for _, gone in ipairs(evicted) do
  redis.call('ZREM', KEYS[2], gone[1])
  redis.call('ZREM', KEYS[4], gone[2])
  redis.call('DEL', ARGV[10] .. 'msg:' .. gone[1], ARGV[10] .. 'dlv:' .. gone[1])
end
if freed > 0 then redis.call('DECRBY', KEYS[5], freed) end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
local seq = redis.call('INCR', KEYS[3])
redis.call('ZADD', KEYS[2], seq, ARGV[3])
if redis.call('PTTL', KEYS[2]) < tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[2], ARGV[2]) end
if redis.call('ZADD', KEYS[4], ARGV[4], ARGV[5] .. ' ' .. ARGV[3] .. ' ' .. ARGV[6]) == 1 then
  redis.call('INCRBY', KEYS[5], size)
end
return 'stored'
`

// KEYS: message, deliveries. ARGV: client id. Nothing is recorded for a message that is gone; a new client past
// MAX_DELIVERY_RECORDS_PER_MESSAGE is recorded in place of one of the others, taken at random.
const deliverScript = `
local ttl = redis.call('PTTL', KEYS[1])
if ttl <= 0 then return 0 end
if redis.call('SISMEMBER', KEYS[2], ARGV[1]) == 0
  and redis.call('SCARD', KEYS[2]) >= ${MAX_DELIVERY_RECORDS_PER_MESSAGE} then
  redis.call('SPOP', KEYS[2])
end
local added = redis.call('SADD', KEYS[2], ARGV[1])
redis.call('PEXPIRE', KEYS[2], ttl)
return added
`

// KEYS: expiry index, bytes, expired-by-put. ARGV: now, key prefix, batch size. Removal and counting
// happen in one script, so when several nodes sweep at once each expired message is counted by exactly
// one of them. Returns { dropped by this batch, dropped earlier by puts }.
const purgeScript = `${purgeFunction}
local dropped = purge(KEYS[1], KEYS[2], ARGV[1], ARGV[2], tonumber(ARGV[3]))
local byPut = tonumber(redis.call('GET', KEYS[3]) or '0')
if byPut > 0 then redis.call('DEL', KEYS[3]) end
return { dropped, byPut }
`

const PURGE_BATCH = 1000
// Messages of a topic read per round trip for a page: as many as the page holds, and at least this many, so
// that a page behind many delivered messages takes a few round trips rather than one per page's worth.
const MIN_READ_BATCH = 64
// Messages read whole per round trip: what a page reads past its byte budget is less than this many.
const BODIES_PER_READ = 16
const count = z.int().check(z.nonnegative())
const putOutcome = z.enum(['stored', 'duplicate', 'addressFull', 'topicFull', 'storeFull'])
const purged = z.tuple([count, count])

/**
 * Mailboxes in Redis, shared by every relay node pointing at it: one key per message (expiring with
 * the message), a sorted set per topic in publish order, a set of the client ids that acknowledged or
 * fetched each message (at most MAX_DELIVERY_RECORDS_PER_MESSAGE).
 */
export class RedisMailboxStore implements MailboxStore {
  private readonly keys: RedisKeys

  private constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    this.keys = redisKeys(prefix)
  }

  static async open(url: string, logger: Logger, prefix = DEFAULT_REDIS_PREFIX): Promise<RedisMailboxStore> {
    return new RedisMailboxStore(await connectRedis(url, 'pairwise-relay-store', logger), prefix)
  }

  async put(message: StoredMessage, caps: MailboxCaps, addressFull = false): Promise<PutOutcome> {
    const ttlMs = Math.max(1, message.expiresAt - message.publishedAt)
    const outcome = await this.redis.eval(
      putScript,
      6,
      this.keys.message(message.id),
      this.keys.topic(message.topic),
      this.keys.sequence,
      this.keys.expiry,
      this.keys.bytes,
      this.keys.expiredByPut,
      JSON.stringify(message),
      ttlMs,
      message.id,
      message.expiresAt,
      message.topic,
      mailboxBytes(message),
      message.publishedAt,
      caps.maxMessagesPerTopic,
      caps.maxTotalBytes,
      this.prefix,
      PURGE_BATCH,
      addressFull ? 1 : 0,
    )
    return putOutcome.parse(outcome)
  }

  /**
   * Reads the topic's ids in batches, oldest first, and their messages a few at a time, until the page is
   * full, its bytes pass `maxBytes`, or the topic is read to its end.
   */
  async undelivered(topic: string, clientId: string, now: number, limit: number, maxBytes: number) {
    const found: StoredMessage[] = []
    let bytes = 0
    const full = () => found.length >= limit || (found.length > 0 && bytes > maxBytes)
    const batch = Math.max(limit, MIN_READ_BATCH)
    // By publish sequence, not by rank: messages evicted or swept between two batches then shift nothing.
    let after = '-inf'
    while (!full()) {
      const entries = await this.redis.zrangebyscore(
        this.keys.topic(topic),
        after,
        '+inf',
        'WITHSCORES',
        'LIMIT',
        0,
        batch,
      )
      if (entries.length === 0) break
      const ids = entries.filter((_, index) => index % 2 === 0)
      for (let start = 0; start < ids.length && !full(); start += BODIES_PER_READ) {
        for (const message of await this.unread(ids.slice(start, start + BODIES_PER_READ), clientId, now)) {
          if (full()) break
          found.push(message)
          bytes += textBytes(message)
        }
      }
      if (entries.length < 2 * batch) break
      after = `(${entries.at(-1)}`
    }
    return found
  }

  /** Of the messages `ids` name, those `clientId` neither published nor has, unexpired at `now`, in order. */
  private async unread(ids: string[], clientId: string, now: number): Promise<StoredMessage[]> {
    const pipeline = this.redis.pipeline()
    for (const id of ids) pipeline.get(this.keys.message(id)).sismember(this.keys.deliveries(id), clientId)
    const replies = (await pipeline.exec()) ?? []
    const unread: StoredMessage[] = []
    for (let index = 0; index < replies.length; index += 2) {
      const [stored, delivered] = [replies[index], replies[index + 1]]
      if (stored?.[0] || delivered?.[0]) throw stored?.[0] ?? delivered?.[0]
      const json = stored?.[1]
      // Gone already: its key expired before the sweep removed it from the index.
      if (typeof json !== 'string') continue
      const message = StoredMessageSchema.parse(JSON.parse(json))
      if (message.expiresAt <= now || message.publisherId === clientId || delivered?.[1] === 1) continue
      unread.push(message)
    }
    return unread
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
      const [dropped, byPut] = purged.parse(
        await this.redis.eval(
          purgeScript,
          3,
          this.keys.expiry,
          this.keys.bytes,
          this.keys.expiredByPut,
          now,
          this.prefix,
          PURGE_BATCH,
        ),
      )
      total += dropped + byPut
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
