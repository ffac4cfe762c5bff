import type { ReadinessChecks } from '../../kit/index.js'
import type { SharedState } from '../../sharedState/index.js'
import type { Database } from '../db/index.js'

/** What the api and auth need to serve: their database, and the Redis they share state through when they do. */
export function storeChecks(db: Pick<Database, 'get'>, shared?: SharedState): ReadinessChecks {
  return {
    database: () => db.get('SELECT 1 AS ok'),
    ...(shared?.kind === 'redis' ? { redis: () => shared.redis.ping() } : {}),
  }
}
