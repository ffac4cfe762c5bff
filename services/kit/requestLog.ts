import type { MiddlewareHandler } from 'hono'

/** Where the request lines go: any logger of the project (`Logger`, the api's). */
export type RequestLogger = { info(event: string, fields: Record<string, unknown>): void }

const MAX_LOGGED_PATH = 200

/** The one line logged for a request. */
export function logRequest(
  logger: RequestLogger,
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
  logger: RequestLogger,
  now: () => number = performance.now.bind(performance),
): MiddlewareHandler {
  return async (c, next) => {
    const started = now()
    await next()
    logRequest(logger, c.req, c.res.status, now() - started)
  }
}
