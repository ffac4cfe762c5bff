import { type RedisServer, startRedis } from '../../../../services/cluster/redisServer.js'
import { freePort } from '../../../support/ports.js'

export type { RedisServer }

/** A throwaway redis-server on a free port, nothing persisted; `stop()` waits for it to exit. */
export async function startRedisServer(timeoutMs = 10_000): Promise<RedisServer> {
  return startRedis({ port: await freePort(), timeoutMs })
}
