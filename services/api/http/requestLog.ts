import type { MiddlewareHandler } from 'hono'
import type { ApiLogger } from './types.js'

const MAX_LOGGED_PATH = 200

/** The one line logged for a request. */
export function logRequest(
  logger: ApiLogger,
  request: { method: string; path: string },
  status: number,
  ms: number,
): void {
  logger.info('request', {
    method: request.method,
    path: request.path.slice(0, MAX_LOGGED_PATH),
    status,
    ms: Math.round(ms * 10) / 10,
  })
}

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
    logRequest(logger, c.req, c.res.status, now() - started)
  }
}
