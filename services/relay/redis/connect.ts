import { describeError, type Logger } from '@pairwise/relay/core'
import type { Redis } from 'ioredis'

/**
 * A connected ioredis client. ioredis is optional, so it is loaded here; the first command is awaited so
 * that a wrong URL fails `startRelay` instead of every publish later.
 */
export async function connectRedis(url: string, name: string, logger: Logger): Promise<Redis> {
  const { Redis: RedisClient } = await import('ioredis')
  const client = new RedisClient(url, { connectionName: name, lazyConnect: true, maxRetriesPerRequest: 3 })
  // ioredis reconnects by itself; without a listener it would print every failed attempt to the console.
  client.on('error', (error: unknown) =>
    logger.warn('Redis connection error', { connection: name, error: describeError(error) }),
  )
  try {
    await client.connect()
    await client.ping()
    return client
  } catch (error) {
    client.disconnect()
    throw new Error(`cannot reach Redis at ${url}: ${error instanceof Error ? error.message : String(error)}`)
  }
}

/** The key layout shared by every node of one relay deployment. */
export function redisKeys(prefix: string) {
  return {
    message: (id: string) => `${prefix}msg:${id}`,
    deliveries: (id: string) => `${prefix}dlv:${id}`,
    topic: (topic: string) => `${prefix}topic:${topic}`,
    channel: (topic: string) => `${prefix}chan:${topic}`,
    /** The channel every node subscribes to, outside the topic channels' `chan:` names. */
    everyNode: `${prefix}everynode`,
    expiry: `${prefix}expiry`,
    sequence: `${prefix}seq`,
    /** Bytes (envelope and attestation) of the messages in the expiry index, for the store's byte cap. */
    bytes: `${prefix}bytes`,
    /** Messages a put dropped as expired to make room, until a sweep counts them. */
    expiredByPut: `${prefix}expiredbyput`,
  }
}

export type RedisKeys = ReturnType<typeof redisKeys>

export const DEFAULT_REDIS_PREFIX = 'pairwise:relay:'
