import {
  type Logger,
  type MailboxStore,
  MemoryMailboxStore,
  type RelayFanout,
  SingleNodeFanout,
} from '@pairwise/relay/core'
import { type ConnectionCounts, MemoryConnectionCounts } from './connectionCounts.js'
import { DEFAULT_REDIS_PREFIX } from './redis/connect.js'
import { RedisConnectionCounts } from './redis/redisConnectionCounts.js'
import { RedisFanout } from './redis/redisFanout.js'
import { RedisMailboxStore } from './redis/redisStore.js'
import { SqliteMailboxStore, type SqliteSync } from './sqliteStore.js'
import { parseStoreSpec } from './storeSpec.js'

export type RelayBackend = {
  kind: 'memory' | 'sqlite' | 'redis'
  store: MailboxStore
  fanout: RelayFanout
  /** Open connections per client address; across every node with Redis. */
  connections: ConnectionCounts
  /** Why the store's last write failed, until one succeeds again; for the health check. */
  writeError(): string | undefined
}

export type BackendOptions = {
  store?: string
  sqliteSync?: SqliteSync
  redisUrl?: string
  redisPrefix?: string
}

/** Opens the mailbox store, the fan-out between nodes and the connection counts that the options ask for. */
export async function openBackend(
  options: BackendOptions,
  nodeId: string,
  logger: Logger,
): Promise<RelayBackend> {
  if (options.redisUrl !== undefined) {
    if (options.store !== undefined && options.store !== 'memory')
      throw new Error('--store and --redis exclude each other: with Redis, mailboxes live in Redis')
    const prefix = options.redisPrefix ?? DEFAULT_REDIS_PREFIX
    const store = await RedisMailboxStore.open(options.redisUrl, logger, prefix)
    const fanout = await RedisFanout.open(options.redisUrl, nodeId, logger, prefix).catch(
      async (error: unknown) => {
        await store.close()
        throw error
      },
    )
    const connections = await RedisConnectionCounts.open(options.redisUrl, nodeId, logger, prefix).catch(
      async (error: unknown) => {
        await fanout.close()
        await store.close()
        throw error
      },
    )
    return { kind: 'redis', store, fanout, connections, writeError: noWriteError }
  }
  const spec = parseStoreSpec(options.store ?? 'memory')
  if (spec.kind === 'memory')
    return {
      kind: 'memory',
      store: new MemoryMailboxStore(),
      fanout: new SingleNodeFanout(),
      connections: new MemoryConnectionCounts(),
      writeError: noWriteError,
    }
  const store = await SqliteMailboxStore.open(spec.file, options.sqliteSync)
  return {
    kind: 'sqlite',
    store,
    fanout: new SingleNodeFanout(),
    connections: new MemoryConnectionCounts(),
    writeError: () => store.writeError(),
  }
}

// Memory cannot fail a write; Redis's failures show as errors of the calls themselves.
function noWriteError(): undefined {
  return undefined
}
