import { type Context, Hono } from 'hono'
import { methodNotAllowed } from 'hono/method-not-allowed'
import { bodyCap, errorHandler, methodNotAllowedAnswer, notFound } from '../api/http/errorAnswers.js'
import { storeChecks } from '../api/http/readinessChecks.js'
import type { ProjectLookup } from '../api/projects/index.js'
import {
  healthRoutes,
  type MetricsAccess,
  mountMetrics,
  type ReadinessChecks,
  requestLog,
} from '../kit/index.js'
import type { AuthContext } from './authContext.js'
import { clientIp } from './clientIp.js'
import { approvalRoutes } from './routes/approvalRoutes.js'
import { emailChangeRoutes } from './routes/emailChangeRoutes.js'
import { farcasterRoutes } from './routes/farcasterRoutes.js'
import { loginRoutes } from './routes/loginRoutes.js'
import { sessionRoutes } from './routes/sessionRoutes.js'
import { socialRoutes } from './routes/socialRoutes.js'
import { walletRoutes } from './routes/walletRoutes.js'

/**
 * More routes on the auth service's origin (the frame page), made with what they share with its own: its
 * lookups of the projects clients name, so each client has one budget of unknown ids on the service, and
 * who a request's client is (trusted proxies respected). What they throw is answered as auth's errors are.
 */
export type AuthMountedRoutes = (auth: {
  projects: Pick<ProjectLookup, 'lookUp'>
  clientOf: (c: Context) => string
}) => Hono

/**
 * The auth service's Hono app: `/metrics` when `metrics` allows, the kit's request log, 405 and body cap,
 * `/health` and `/ready` (by
 * `checks`: the database by default), every /auth/v1 route, then `routes` (the frame page lives on this
 * origin), JSON 404 and errors. Same origin as the frame: no CORS.
 */
export function createAuthApp(
  ctx: AuthContext,
  routes?: AuthMountedRoutes,
  checks: ReadinessChecks = storeChecks(ctx.db),
  metrics?: MetricsAccess,
): Hono {
  const app = new Hono()
  mountMetrics(app, metrics)
  app.use(requestLog(ctx.logger))
  app.use(methodNotAllowed({ app, onMethodNotAllowed: methodNotAllowedAnswer }))
  app.use(bodyCap(ctx.limits.bodyLimitBytes))
  app.route('/', healthRoutes(checks, ctx.logger))
  app.route('/', loginRoutes(ctx))
  app.route('/', approvalRoutes(ctx))
  app.route('/', sessionRoutes(ctx))
  app.route('/', walletRoutes(ctx))
  app.route('/', emailChangeRoutes(ctx))
  app.route('/', socialRoutes(ctx))
  if (ctx.farcaster) app.route('/', farcasterRoutes(ctx, ctx.farcaster))
  if (routes) app.route('/', routes({ projects: ctx.projectLookup, clientOf: (c) => clientIp(ctx, c) }))
  app.notFound(notFound)
  app.onError(errorHandler(ctx.logger))
  return app
}
