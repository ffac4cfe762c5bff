import type { Redis } from 'ioredis'

/**
 * A connected ioredis client. ioredis is optional, so it is loaded here; the first command is awaited so
 * that a wrong URL fails `startRelay` instead of every publish later.
 */
export async function connectRedis(url: string, name: string): Promise<Redis> {
  const { Redis: RedisClient } = await import('ioredis')
  const client = new RedisClient(url, { connectionName: name, lazyConnect: true, maxRetriesPerRequest: 3 })
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
    expiry: `${prefix}expiry`,
    sequence: `${prefix}seq`,
  }
}

export type RedisKeys = ReturnType<typeof redisKeys>

export const DEFAULT_REDIS_PREFIX = 'pairwise:relay:'
