import type { Redis } from 'ioredis'
import {
  DEFAULT_FILTERS_PER_CLIENT,
  FILTER_TTL_MS,
  type FilterOwners,
  type FilterOwnersOptions,
} from './filterOwners.js'

// One sorted set per client, `<prefix>rpc-filters:<owner>`: its filters and reserved slots scored by when
// they expire. Each script first drops what expired, and the set itself expires with its newest entry.
const prune = `
local key, now, ttl = KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
local function keep(member)
  redis.call('ZADD', key, now + ttl, member)
  redis.call('PEXPIRE', key, ttl)
end
`

const reserveScript = `${prune}
if redis.call('ZCARD', key) >= tonumber(ARGV[4]) then return 0 end
keep(ARGV[3])
return 1
`

const bindScript = `${prune}
redis.call('ZREM', key, ARGV[3])
keep(ARGV[4])
return 1
`

const releaseScript = `${prune}
redis.call('ZREM', key, ARGV[3])
return 1
`

const touchScript = `${prune}
if not redis.call('ZSCORE', key, ARGV[3]) then return 0 end
keep(ARGV[3])
return 1
`

/** FilterOwners in the deployment's Redis, so a filter made through one api process is read through another. */
export class RedisFilterOwners implements FilterOwners {
  readonly #redis: Redis
  readonly #prefix: string
  readonly #now: () => number
  readonly #perClient: number

  constructor(redis: Redis, prefix: string, options: FilterOwnersOptions) {
    this.#redis = redis
    this.#prefix = `${prefix}rpc-filters:`
    this.#now = options.now
    this.#perClient = options.perClient ?? DEFAULT_FILTERS_PER_CLIENT
  }

  async reserve(owner: string, slot: string): Promise<boolean> {
    return (await this.#run(reserveScript, owner, slot, String(this.#perClient))) === 1
  }

  async bind(owner: string, slot: string, filter: string): Promise<void> {
    await this.#run(bindScript, owner, slot, filter)
  }

  async release(owner: string, slot: string): Promise<void> {
    await this.#run(releaseScript, owner, slot)
  }

  async touch(owner: string, filter: string): Promise<boolean> {
    return (await this.#run(touchScript, owner, filter)) === 1
  }

  #run(script: string, owner: string, ...args: string[]): Promise<unknown> {
    const clock = [String(Math.floor(this.#now())), String(FILTER_TTL_MS)]
    return this.#redis.eval(script, 1, `${this.#prefix}${owner}`, ...clock, ...args)
  }
}
