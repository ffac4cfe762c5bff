import { Hono } from 'hono'
import { readyRoute } from '../../kit/index.js'
import type { SharedState } from '../../sharedState/index.js'
import type { Database } from '../db/index.js'
import { ApiError } from './apiError.js'
import { storeChecks } from './readinessChecks.js'
import type { ApiLogger } from './types.js'

const HEALTH_TIMEOUT_MS = 2000

/**
 * `GET /health` → `{ status: 'ok', database }`; 503 when the database does not answer `SELECT 1` in time.
 * `GET /ready` → the kit's readiness of the database and, when state is shared, Redis.
 */
export function healthRoutes(
  db: Pick<Database, 'get' | 'kind'>,
  logger: ApiLogger,
  shared?: SharedState,
): Hono {
  const routes = new Hono().get('/health', async (c) => {
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer in ${HEALTH_TIMEOUT_MS} ms`)), HEALTH_TIMEOUT_MS)
    })
    try {
      await Promise.race([db.get('SELECT 1 AS ok'), timeout])
    } catch (error) {
      logger.warn('health check failed', { error: error instanceof Error ? error.message : String(error) })
      throw new ApiError(503, 'UNAVAILABLE', 'Service Unavailable: the database is not answering')
    } finally {
      clearTimeout(timer)
    }
    c.header('cache-control', 'no-store')
    return c.json({ status: 'ok', database: db.kind })
  })
  return routes.route('/', readyRoute(storeChecks(db, shared), logger))
}
