import type { MiddlewareHandler } from 'hono'
import type { ApiLogger } from './types.js'

const MAX_LOGGED_PATH = 200

/**
 * One structured line per request: method, path (never the query: it holds addresses), status and
 * milliseconds. Nothing that identifies the client (no IP address, no user agent) is written.
 */
export function requestLog(
  logger: ApiLogger,
  now: () => number = performance.now.bind(performance),
): MiddlewareHandler {
  return async (c, next) => {
    const started = now()
    await next()
    logger.info('request', {
      method: c.req.method,
      path: c.req.path.slice(0, MAX_LOGGED_PATH),
      status: c.res.status,
      ms: Math.round((now() - started) * 10) / 10,
    })
  }
}
