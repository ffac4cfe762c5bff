export * from '@pairwise/relay/core'
export { DEFAULT_RELAY_PORT, parseRelayArgs, relayUsage, runRelayCli } from './cli.js'
export * from './http/index.js'
export { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE, privateDir, privateSqliteFile } from './privateFiles.js'
export { DEFAULT_REDIS_PREFIX } from './redis/connect.js'
export { RedisFanout } from './redis/redisFanout.js'
export { RedisMailboxStore } from './redis/redisStore.js'
export { SqliteFileInUseError, SqliteMailboxStore, type SqliteSync } from './sqliteStore.js'
export {
  type RelayHealth,
  type RelayServerStats,
  type RunningRelay,
  type StartRelayOptions,
  startRelay,
} from './startRelay.js'
export { type ParsedStoreSpec, parseStoreSpec, type RelayStoreSpec } from './storeSpec.js'
