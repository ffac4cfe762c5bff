import type { Redis } from 'ioredis'
import type { ReplayGuard, ReplaySeen } from './replayCache.js'

// KEYS[1] the signature's key, KEYS[2] the asking client's live keys (a sorted set scored by when each stops
// counting). As one script, so two processes never both take a client's last place, nor both call a proof
// fresh. The client's places are judged by the caller's clock, as in memory; Redis's own expiry of each key
// only clears what is stale.
const rememberScript = `
local now, keepMs, perClient, member = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), ARGV[4]
if redis.call('EXISTS', KEYS[1]) == 1 then return 'replay' end
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
if redis.call('ZCARD', KEYS[2]) >= perClient then return 'clientFull' end
redis.call('SET', KEYS[1], '1', 'PX', keepMs)
redis.call('ZADD', KEYS[2], now + keepMs, member)
redis.call('PEXPIRE', KEYS[2], keepMs)
return 'fresh'
`

/**
 * The proof signatures seen by every auth process using one Redis: a proof accepted by one process is a
 * replay on all the others. Each expires when the signature could no longer pass the clock check, so Redis
 * holds only live ones and there is no shared cap to exhaust; but the start routes take a proof by any key
 * a client makes up, so each client (its `clientKey`) holds at most `perClient` live ones, as in memory.
 */
export class RedisReplayGuard implements ReplayGuard {
  readonly #redis: Redis
  readonly #prefix: string
  readonly #keepMs: number
  readonly #perClient: number

  /** `prefix` namespaces the keys (the deployment's prefix). */
  constructor(redis: Redis, prefix: string, keepMs: number, perClient: number) {
    this.#redis = redis
    this.#prefix = `${prefix}auth-replays:`
    this.#keepMs = keepMs
    this.#perClient = perClient
  }

  async remember(key: string, now: number, client: string): Promise<ReplaySeen> {
    const seen = await this.#redis.eval(
      rememberScript,
      2,
      `${this.#prefix}${key}`,
      `${this.#prefix}client:${client}`,
      String(Math.floor(now)),
      String(this.#keepMs),
      String(this.#perClient),
      key,
    )
    return seen as ReplaySeen
  }
}
