import type { Redis } from 'ioredis'
import type { ReplayGuard, ReplaySeen } from './replayCache.js'

/**
 * The proof signatures seen by every auth process using one Redis: a proof accepted by one process is a
 * replay on all the others. Each is one `SET NX` expiring when the signature could no longer pass the
 * clock check, so Redis holds only live ones and is never full: with no shared cap to exhaust, the asking
 * client is not counted here.
 */
export class RedisReplayGuard implements ReplayGuard {
  readonly #redis: Redis
  readonly #prefix: string
  readonly #keepMs: number

  /** `prefix` namespaces the keys (the deployment's prefix). */
  constructor(redis: Redis, prefix: string, keepMs: number) {
    this.#redis = redis
    this.#prefix = `${prefix}auth-replays:`
    this.#keepMs = keepMs
  }

  async remember(key: string): Promise<ReplaySeen> {
    const set = await this.#redis.set(`${this.#prefix}${key}`, '1', 'PX', this.#keepMs, 'NX')
    return set === 'OK' ? 'fresh' : 'replay'
  }
}
