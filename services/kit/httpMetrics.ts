import type { Hono, MiddlewareHandler } from 'hono'
import { routePath } from 'hono/route'
import { MetricsRegistry } from './metrics.js'
import { answerMetrics, type MetricsAccess } from './metricsAccess.js'

/** Requests answered, by route pattern, method and status, and how long each took. */
export type HttpMetrics = { observe(route: string, method: string, status: number, seconds: number): void }

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

/**
 * The route label a request is counted under: its pattern, never the raw path (ids and addresses would
 * make a series each); a request no route took is `unmatched`.
 */
export const UNMATCHED_ROUTE = 'unmatched'

export function httpMetrics(registry: MetricsRegistry): HttpMetrics {
  const requests = registry.counter(
    'pairwise_http_requests_total',
    'HTTP requests answered, by route, method and status.',
  )
  const latency = registry.histogram(
    'pairwise_http_request_duration_seconds',
    'Time from the request to its answer, by route and method.',
  )
  return {
    observe(route, method, status, seconds) {
      const verb = METHODS.has(method) ? method : 'OTHER'
      requests.inc({ route, method: verb, status: String(status) })
      latency.observe(seconds, { route, method: verb })
    },
  }
}

/** Hono's side: the matched route's pattern (`/v1/projects/:id`), timed around everything after it. */
export function honoMetrics(
  metrics: HttpMetrics,
  now: () => number = performance.now.bind(performance),
): MiddlewareHandler {
  return async (c, next) => {
    const started = now()
    await next()
    // After `next()` the route index is the handler that answered: its pattern, or a middleware's.
    const route = c.res.status === 404 ? UNMATCHED_ROUTE : routePath(c)
    metrics.observe(route, c.req.method, c.res.status, (now() - started) / 1000)
  }
}

/**
 * On a Hono app, when `access` lets anyone read them: every later route's requests counted, and
 * `GET /metrics` with them and whatever `more` adds. Off (the default), neither: nothing is counted that
 * nobody may read.
 */
export function mountMetrics(
  app: Hono,
  access: MetricsAccess | undefined,
  more: (registry: MetricsRegistry) => void = () => {},
): void {
  if (access === undefined || access.kind === 'off') return
  const registry = new MetricsRegistry()
  more(registry)
  app.use(honoMetrics(httpMetrics(registry)))
  app.get('/metrics', async (c) => {
    const answer = await answerMetrics(registry, access, c.req.header('authorization'))
    return c.body(answer.body, answer.status, answer.headers)
  })
}
