import type { Redis } from 'ioredis'

export type CappedRecordsOptions = {
  now: () => number
  /** How long a record can be read. */
  ttlMs: number
  /** Records one client holds at once; past it, its own oldest goes first. */
  perClient: number
  /** Records held at once; past it, the oldest of the client holding the most goes first. */
  maxEntries: number
}

/** A record's own fields, as strings (Redis keeps nothing else). */
export type RecordFields = Record<string, string>

// Keys under the prefix: `r:<id>` a record's hash (its fields, `client`, `expiresAt`), `c:<client>` the
// client's ids and `all` every id, both in insertion order (scored by `seq`, a counter), and `n` each
// client's count of records (the fullest gives way past the total, as in MemoryCappedRecords). Every record
// lives the same TTL, so insertion order is expiry order, as the in-memory stores rely on: the stale ones
// are at the front. The indexes expire one TTL after the last add, so Redis holds no more than one TTL's
// records; the caps bound that too. A record's own hash outlives its TTL by another, so that whoever drops
// it stale still reads whose it was. A client's index does not: one outliving a record's hash could name an
// id another client registers afresh. A count its index no longer backs is set right where it is used.
const dropFunction = `
local prefix = ARGV[1]
local counts = prefix .. 'n'
local function drop(id, knownOwner)
  local key = prefix .. 'r:' .. id
  local owner = knownOwner or redis.call('HGET', key, 'client')
  redis.call('DEL', key)
  redis.call('ZREM', prefix .. 'all', id)
  if owner and redis.call('ZREM', prefix .. 'c:' .. owner, id) == 1 then
    if tonumber(redis.call('ZINCRBY', counts, -1, owner)) <= 0 then redis.call('ZREM', counts, owner) end
  end
end
`

const addScript = `${dropFunction}
local id, client = ARGV[2], ARGV[3]
local now, ttl, perClient, maxEntries = tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6]), tonumber(ARGV[7])
local conflictField, conflictValue = ARGV[8], ARGV[9]
local all, own, key = prefix .. 'all', prefix .. 'c:' .. client, prefix .. 'r:' .. id
local function dropExpired(set, owner)
  while true do
    local first = redis.call('ZRANGE', set, 0, 0)[1]
    if not first then return end
    local at = tonumber(redis.call('HGET', prefix .. 'r:' .. first, 'expiresAt'))
    if at and at > now then return end
    drop(first, owner)
    redis.call('ZREM', set, first)
  end
end
dropExpired(all)
dropExpired(own, client)
local expiresAt = tonumber(redis.call('HGET', key, 'expiresAt'))
if expiresAt and expiresAt > now then
  if conflictField ~= '' and redis.call('HGET', key, conflictField) ~= conflictValue then
    redis.call('HSET', key, 'disputed', '1')
  end
  return 0
end
if expiresAt then drop(id) end
if redis.call('ZCARD', own) >= perClient then drop(redis.call('ZRANGE', own, 0, 0)[1], client) end
if redis.call('ZCARD', all) >= maxEntries then
  -- The fullest by count, checked against its own index: a count that is wrong (a process of the release
  -- before counted nothing) is set right and the next fullest tried, a few times, then the oldest of all goes.
  local dropped = false
  for _ = 1, 8 do
    local top = redis.call('ZREVRANGE', counts, 0, 0, 'WITHSCORES')
    if not top[1] then break end
    local fullest, counted = top[1], tonumber(top[2])
    local held = redis.call('ZCARD', prefix .. 'c:' .. fullest)
    if held == counted then
      drop(redis.call('ZRANGE', prefix .. 'c:' .. fullest, 0, 0)[1], fullest)
      dropped = true
      break
    end
    if held > 0 then redis.call('ZADD', counts, held, fullest) else redis.call('ZREM', counts, fullest) end
  end
  if not dropped then drop(redis.call('ZRANGE', all, 0, 0)[1]) end
end
expiresAt = now + ttl
redis.call('HSET', key, 'client', client, 'expiresAt', string.format('%d', expiresAt), unpack(ARGV, 10))
local seq = redis.call('INCR', prefix .. 'seq')
redis.call('ZADD', all, seq, id)
redis.call('ZADD', own, seq, id)
redis.call('ZINCRBY', counts, 1, client)
redis.call('PEXPIRE', key, 2 * ttl)
for _, each in ipairs({ all, own, counts, prefix .. 'seq' }) do redis.call('PEXPIRE', each, ttl) end
return 1
`

const takeScript = `${dropFunction}
local id, client = ARGV[2], ARGV[3]
local key = prefix .. 'r:' .. id
if redis.call('HGET', key, 'client') ~= client then return false end
local fields = redis.call('HGETALL', key)
drop(id)
return fields
`

/**
 * Records that live one TTL, each held for a client, bounded per client and in all: the Redis form of the
 * verify service's attestation and challenge stores, so every api process reads what any one registered.
 * Freshness is judged by the caller's clock, as in memory; Redis's own expiry only clears what is stale.
 */
export class RedisCappedRecords {
  readonly #redis: Redis
  readonly #prefix: string
  readonly #options: CappedRecordsOptions

  constructor(redis: Redis, prefix: string, options: CappedRecordsOptions) {
    this.#redis = redis
    this.#prefix = prefix
    this.#options = options
  }

  /**
   * Holds `fields` under `id` for `client`; false when a fresh record already holds `id`, which is then
   * marked `disputed` if its `conflict` field differs from the one given.
   */
  async add(id: string, client: string, fields: RecordFields, conflict?: string): Promise<boolean> {
    const { ttlMs, perClient, maxEntries } = this.#options
    const limits = [String(this.#now()), String(ttlMs), String(perClient), String(maxEntries)]
    const conflictArgs = conflict === undefined ? ['', ''] : [conflict, fields[conflict] ?? '']
    const added = await this.#redis.eval(
      addScript,
      0,
      this.#prefix,
      id,
      client,
      ...limits,
      ...conflictArgs,
      ...Object.entries(fields).flat(),
    )
    return added === 1
  }

  /** The fields of `id` while it is fresh. */
  async get(id: string): Promise<RecordFields | undefined> {
    return this.#fresh(await this.#redis.hgetall(`${this.#prefix}r:${id}`))
  }

  /** The fields of `id`, spent, when it is held for `client` and fresh; a record of another client stays. */
  async take(id: string, client: string): Promise<RecordFields | undefined> {
    const flat = (await this.#redis.eval(takeScript, 0, this.#prefix, id, client)) as string[] | null
    if (flat === null) return undefined
    const fields: RecordFields = {}
    for (let index = 0; index + 1 < flat.length; index += 2)
      fields[flat[index] as string] = flat[index + 1] as string
    return this.#fresh(fields)
  }

  #fresh(fields: RecordFields): RecordFields | undefined {
    return Number(fields.expiresAt ?? 0) > this.#now() ? fields : undefined
  }

  #now(): number {
    return Math.floor(this.#options.now())
  }
}
