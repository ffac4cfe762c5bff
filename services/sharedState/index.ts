export { type CappedRecord, MemoryCappedRecords } from './memoryCappedRecords.js'
export { MemoryWindowCounter } from './memoryWindowCounter.js'
export { type CappedRecordsOptions, type RecordFields, RedisCappedRecords } from './redisCappedRecords.js'
export { REDIS_URL_ENV, redisUrlOf } from './redisUrl.js'
export { RedisWindowCounter } from './redisWindowCounter.js'
export {
  DEFAULT_SHARED_PREFIX,
  memorySharedState,
  type OpenSharedState,
  openRedisSharedState,
  type SharedState,
  warnIfUnshared,
} from './sharedState.js'
export {
  type Budget,
  DEFAULT_WINDOW_MS,
  type WindowCounter,
  type WindowCounterOptions,
  type WindowCounters,
} from './windowCounter.js'
