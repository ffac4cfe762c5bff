import { getRequestListener } from '@hono/node-server'
import { Hono } from 'hono'
import { type MetricsAccess, type MetricsRegistry, mountMetrics } from '../../kit/index.js'
import type { Database } from '../db/index.js'
import type { NodeListener } from './directLane.js'
import { errorHandler, notFound } from './errorAnswers.js'
import { healthRoutes } from './healthRoutes.js'
import type { ApiLogger } from './types.js'

/**
 * What a `worker` api process serves: `/health` and `/ready` for its supervisor and load balancer, `/metrics`
 * when `metrics` lets anyone read it (requests and the background work), and a JSON 404 for every other path,
 * since the routes are the `web` processes' (a worker answering them would be a second, unbalanced web node).
 */
export function healthOnlyApp(
  db: Database,
  logger: ApiLogger,
  metrics: { access?: MetricsAccess; monitors: (registry: MetricsRegistry) => void },
): NodeListener {
  const app = new Hono()
  mountMetrics(app, metrics.access, metrics.monitors)
  app.route('/', healthRoutes(db, logger))
  app.notFound(notFound)
  app.onError(errorHandler(logger))
  return getRequestListener(app.fetch)
}
