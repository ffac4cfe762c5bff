import { Hono } from 'hono'
import { methodNotAllowed } from 'hono/method-not-allowed'
import { bodyCap, errorHandler, methodNotAllowedAnswer, notFound } from '../api/http/errorAnswers.js'
import { storeChecks } from '../api/http/readinessChecks.js'
import {
  healthRoutes,
  type MetricsAccess,
  mountMetrics,
  type ReadinessChecks,
  requestLog,
} from '../kit/index.js'
import type { AuthContext } from './authContext.js'
import { approvalRoutes } from './routes/approvalRoutes.js'
import { emailChangeRoutes } from './routes/emailChangeRoutes.js'
import { farcasterRoutes } from './routes/farcasterRoutes.js'
import { loginRoutes } from './routes/loginRoutes.js'
import { sessionRoutes } from './routes/sessionRoutes.js'
import { socialRoutes } from './routes/socialRoutes.js'
import { walletRoutes } from './routes/walletRoutes.js'

/**
 * The auth service's Hono app: `/metrics` when `metrics` allows, the kit's request log, 405 and body cap,
 * `/health` and `/ready` (by
 * `checks`: the database by default), every /auth/v1 route, then `routes` (the frame page lives on this
 * origin), JSON 404 and errors. Same origin as the frame: no CORS.
 */
export function createAuthApp(
  ctx: AuthContext,
  routes?: Hono,
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
  if (routes) app.route('/', routes)
  app.notFound(notFound)
  app.onError(errorHandler(ctx.logger))
  return app
}
