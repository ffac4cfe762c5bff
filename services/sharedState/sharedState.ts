import type { Logger } from '@pairwise/relay/core'
import type { Redis } from 'ioredis'
import { connectRedis } from '../relay/redis/connect.js'
import { MemoryWindowCounter } from './memoryWindowCounter.js'
import { RedisWindowCounter } from './redisWindowCounter.js'
import type { WindowCounters } from './windowCounter.js'

/** Where the api's per-deployment state lives: this process, or one Redis shared by every process. */
export type SharedState =
  | { readonly kind: 'memory'; readonly counter: WindowCounters }
  | {
      readonly kind: 'redis'
      readonly counter: WindowCounters
      /** For stores of their own (the verify service's attestations); keys start with `prefix`. */
      readonly redis: Redis
      readonly prefix: string
    }

/** Keys of every service's shared state start with this, so one Redis can serve several deployments. */
export const DEFAULT_SHARED_PREFIX = 'pairwise:api:'

/** State held by this process alone: exactly what a single process always did. */
export function memorySharedState(): SharedState {
  return { kind: 'memory', counter: (_name, options) => new MemoryWindowCounter(options) }
}

/** Shared state with the connection it holds open. */
export type OpenSharedState = { state: SharedState; close(): Promise<void> }

/** State shared through the Redis at `url`; a Redis that does not answer fails here, not at the first request. */
export async function openRedisSharedState(
  url: string,
  logger: Logger,
  prefix = DEFAULT_SHARED_PREFIX,
): Promise<OpenSharedState> {
  const redis = await connectRedis(url, 'pairwise-shared-state', logger)
  return {
    state: {
      kind: 'redis',
      redis,
      prefix,
      counter: (name, options) => new RedisWindowCounter(redis, `${prefix}${name}:`, options),
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect())
    },
  }
}

/**
 * Tells the operator at start when `service` runs on PostgreSQL, which lets a deployment run several
 * processes, but keeps its per-client limits in this process: each process would then allow a client its
 * whole budget again.
 */
export function warnIfUnshared(
  service: string,
  database: 'sqlite' | 'postgres',
  shared: OpenSharedState | undefined,
  logger: Logger,
): void {
  if (database === 'postgres' && shared === undefined)
    logger.warn(
      `${service}: PostgreSQL without --redis keeps rate limits in this process; give every process of the deployment the same --redis`,
    )
}
