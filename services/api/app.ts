import { Hono } from 'hono'
import { methodNotAllowed } from 'hono/method-not-allowed'
import { consoleLogger } from '../../relay/server/index.js'
import { adminPageRoutes, adminRoutes } from './admin/index.js'
import type { Database } from './db/index.js'
import { projectCors } from './http/cors.js'
import { bodyCap, errorHandler, methodNotAllowedAnswer, notFound } from './http/errorAnswers.js'
import { healthRoutes } from './http/healthRoutes.js'
import { requestLog } from './http/requestLog.js'
import type { ApiLogger, RouteDeps } from './http/types.js'
import { projectGuard } from './projects/projectGuard.js'
import { projectRoutes } from './projects/projectRoutes.js'
import { ProjectStore, type ProjectStoreOptions } from './projects/projectStore.js'
import { FixedWindowLimiter } from './projects/rateLimiter.js'

/** A feature module's routes (balances, activity, the RPC proxy, …), built from what every route gets. */
export type RouteFactory = (deps: RouteDeps) => Hono

export type ApiDeps = {
  /** Migrated already (startApi does it). */
  db: Database
  /** The `Authorization: Bearer` token of the admin routes. */
  adminToken: string
  /** Defaults to JSON lines on stderr at `info`. */
  logger?: ApiLogger
  now?: () => number
  /** Mounted at the root after the built-in routes, in order. */
  routes?: readonly RouteFactory[]
  /** Largest request body accepted; default 64 KiB. */
  bodyLimitBytes?: number
  /** How project reads for requests are cached. */
  projectCache?: Pick<ProjectStoreOptions, 'cacheMs' | 'maxCached'>
  /** Projects whose request counts are held at once for the rate limit; default 10,000. */
  maxRateLimitedProjects?: number
}

/**
 * The api service as a Hono app: JSON errors everywhere (404, 405, 413, validation, and 500 'Server
 * Error' with nothing internal in it), a body cap, one log line per request, CORS per project, `/health`,
 * the project routes, the admin routes and page, then every feature module given in `routes`.
 */
export function createApiApp(deps: ApiDeps): Hono {
  const logger = deps.logger ?? consoleLogger('info')
  const now = deps.now ?? Date.now
  const projects = new ProjectStore(deps.db, { now, ...deps.projectCache })
  const limiter = new FixedWindowLimiter({ now, maxKeys: deps.maxRateLimitedProjects })
  const routeDeps: RouteDeps = { db: deps.db, project: projectGuard(projects, limiter), logger, now }

  const app = new Hono()
  app.use(requestLog(logger))
  app.use(methodNotAllowed({ app, onMethodNotAllowed: methodNotAllowedAnswer }))
  app.use(projectCors(projects))
  app.use(bodyCap(deps.bodyLimitBytes))
  app.route('/', healthRoutes(deps.db, logger))
  app.route('/', projectRoutes(routeDeps))
  app.route('/', adminRoutes({ projects, adminToken: deps.adminToken }))
  app.route('/', adminPageRoutes())
  for (const routes of deps.routes ?? []) app.route('/', routes(routeDeps))
  app.notFound(notFound)
  app.onError(errorHandler(logger))
  return app
}
