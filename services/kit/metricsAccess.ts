import { carriesBearer, secretDigest } from './bearerToken.js'
import { METRICS_CONTENT_TYPE, type MetricsRegistry } from './metrics.js'

/**
 * Who may read `/metrics`. Off by default: the numbers describe traffic (routes, refusals, sockets) an
 * operator may not want public. `token` wants `Authorization: Bearer <token>`; `open` suits a scraper on
 * a private network only.
 */
export type MetricsAccess = { kind: 'off' } | { kind: 'open' } | { kind: 'token'; digest: Buffer }

export const METRICS_TOKEN_ENV = 'PAIRWISE_METRICS_TOKEN'
export const METRICS_ENV = 'PAIRWISE_METRICS'
const MIN_TOKEN_LENGTH = 16

/** `PAIRWISE_METRICS_TOKEN` turns `/metrics` on behind that bearer token; `PAIRWISE_METRICS=open` without. */
export function metricsAccessOf(env: NodeJS.ProcessEnv): MetricsAccess {
  const token = env[METRICS_TOKEN_ENV]
  const mode = env[METRICS_ENV]
  if (mode !== undefined && mode !== '' && mode !== 'open' && mode !== 'off') {
    throw new Error(`${METRICS_ENV}: '${mode}' is not open or off (a token goes in ${METRICS_TOKEN_ENV})`)
  }
  if (token !== undefined && token !== '') {
    if (token.length < MIN_TOKEN_LENGTH) {
      throw new Error(`${METRICS_TOKEN_ENV}: a token of at least ${MIN_TOKEN_LENGTH} characters is needed`)
    }
    return { kind: 'token', digest: secretDigest(token) }
  }
  return mode === 'open' ? { kind: 'open' } : { kind: 'off' }
}

export type MetricsAnswer = { status: 200 | 401 | 404; headers: Record<string, string>; body: string }

/**
 * The answer to `GET /metrics`, for any server: 404 when off (the route does not exist for a stranger),
 * 401 without the right token (compared in constant time, by digest so lengths leak nothing), else the text.
 */
export async function answerMetrics(
  registry: MetricsRegistry,
  access: MetricsAccess,
  authorization: string | undefined,
): Promise<MetricsAnswer> {
  const json = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }
  if (access.kind === 'off') {
    return {
      status: 404,
      headers: json,
      body: JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Not Found' } }),
    }
  }
  if (access.kind === 'token') {
    if (!carriesBearer(authorization, access.digest)) {
      return {
        status: 401,
        headers: { ...json, 'www-authenticate': 'Bearer realm="metrics"' },
        body: JSON.stringify({
          error: { code: 'UNAUTHORIZED', message: 'Unauthorized: the metrics token is missing or wrong' },
        }),
      }
    }
  }
  return {
    status: 200,
    headers: { 'content-type': METRICS_CONTENT_TYPE, 'cache-control': 'no-store' },
    body: await registry.render(),
  }
}
