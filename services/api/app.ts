import { Hono } from 'hono'
import { methodNotAllowed } from 'hono/method-not-allowed'
import {
  honoListener,
  type MetricsAccess,
  type MetricsRegistry,
  mountMetrics,
  noTrustedProxies,
  requestLog,
  type TrustedProxies,
} from '../kit/index.js'
import { consoleLogger } from '../relay/index.js'
import type { SharedState } from '../sharedState/index.js'
import { adminPageRoutes, adminRoutes } from './admin/index.js'
import { apiCorsPaths } from './apiModules.js'
import type { Database } from './db/index.js'
import { clientAddressMiddleware } from './http/clientAddress.js'
import { ProjectCors, projectCors } from './http/cors.js'
import { directLane, type NodeListener } from './http/directLane.js'
import { type DirectRoute, mountRoutes, type RouteFactory } from './http/directRoute.js'

export type { RouteFactory }

import {
  bodyCap,
  DEFAULT_BODY_LIMIT_BYTES,
  errorHandler,
  methodNotAllowedAnswer,
  notFound,
} from './http/errorAnswers.js'
import { healthRoutes } from './http/healthRoutes.js'
import type { ApiLogger, RouteDeps } from './http/types.js'
import { openApiRoutes } from './openapi/openApiRoutes.js'
import { DEFAULT_MAX_RATE_LIMITED_CLIENTS } from './projects/clientBudget.js'
import { projectGuard } from './projects/projectGuard.js'
import { ProjectLookup } from './projects/projectLookup.js'
import { projectRoutes } from './projects/projectRoutes.js'
import { ProjectStore, type ProjectStoreOptions } from './projects/projectStore.js'
import { sharedStateOf } from './sharedStateOf.js'

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
  /**
   * Client-and-project request counts held at once for the per-client budget, and apart from them the
   * clients' counts of lookups of unknown projects; default 100,000 each.
   */
  maxRateLimitedClients?: number
  /**
   * The proxies whose `X-Forwarded-For` names the client; default none, so every per-client rule counts
   * the TCP peer. Routes read the result as `request.client()` (`apiRequest(c).client()` in Hono).
   */
  trustProxy?: TrustedProxies
  /** Where rate counts and verify registrations live: one Redis for several processes; else this one. */
  shared?: SharedState
  /**
   * Who may read `GET /metrics` (requests by route pattern and status, latency; a 429 is a rate-limit
   * refusal); nobody by default, and then nothing is counted either.
   */
  metrics?: MetricsAccess
  /** Adds the process's own gauges to `/metrics` (see apiMonitors). */
  monitors?: (registry: MetricsRegistry) => void
}

export type ApiApp = {
  /** Every route through Hono: `hono.request()` in tests, `hono.fetch` for a fetch-style host. */
  hono: Hono
  /** For Node's server: direct routes answered straight from Node's request, every other through `hono`. */
  listener: NodeListener
}

/**
 * The api service: JSON errors everywhere (404, 405, 413, validation, and 500 'Server Error' with nothing
 * internal in it), a body cap, one log line per request, CORS per project, `/health`, the project routes,
 * the admin routes and page, then every feature module given in `routes`.
 */
export function createApiApp(deps: ApiDeps): ApiApp {
  const logger = deps.logger ?? consoleLogger('info')
  const now = deps.now ?? Date.now
  const bodyLimitBytes = deps.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES
  const projects = new ProjectStore(deps.db, { now, ...deps.projectCache })
  const shared = sharedStateOf(deps)
  const maxClients = deps.maxRateLimitedClients ?? DEFAULT_MAX_RATE_LIMITED_CLIENTS
  const limiters = {
    project: shared.counter('project', { now, maxKeys: deps.maxRateLimitedProjects }),
    client: shared.counter('project-client', { now, maxKeys: maxClients }),
  }
  const lookup = new ProjectLookup(projects, shared.counter('project-lookup', { now, maxKeys: maxClients }))
  const project = projectGuard(lookup, limiters)
  const routeDeps: RouteDeps = { db: deps.db, project, logger, now, shared }
  const cors = new ProjectCors(lookup, apiCorsPaths)
  const trustProxy = deps.trustProxy ?? noTrustedProxies

  const app = new Hono()
  mountMetrics(app, deps.metrics, deps.monitors)
  app.use(requestLog(logger))
  app.use(clientAddressMiddleware(trustProxy))
  app.use(methodNotAllowed({ app, onMethodNotAllowed: methodNotAllowedAnswer }))
  app.use(projectCors(cors))
  app.use(bodyCap(bodyLimitBytes))
  app.route('/', healthRoutes(deps.db, logger, deps.shared))
  app.route('/', openApiRoutes())
  app.route('/', projectRoutes(routeDeps))
  app.route('/', adminRoutes({ projects, adminToken: deps.adminToken }))
  app.route('/', adminPageRoutes())
  const direct: DirectRoute[] = []
  for (const factory of deps.routes ?? []) {
    const routes = factory(routeDeps)
    mountRoutes(app, routes)
    if (!(routes instanceof Hono)) direct.push(...routes)
  }
  app.notFound(notFound)
  app.onError(errorHandler(logger))

  const fallback = honoListener(app.fetch)
  return {
    hono: app,
    listener: directLane({ routes: direct, cors, logger, bodyLimitBytes, trustProxy, fallback }),
  }
}
