import { Hono } from 'hono'
import { HttpError } from './httpError.js'

/**
 * What a service needs to serve, by name (`database`, `redis`, `store`): each resolves when it is there and
 * throws (or rejects) when it is not.
 */
export type ReadinessChecks = Readonly<Record<string, () => unknown>>

/** How long one check may take before it counts as failed. */
export const READINESS_TIMEOUT_MS = 2000

export type ReadinessAnswer = {
  status: 200 | 503
  /** `{ status: 'ready', checks }`, or `{ code, message, checks }` naming what failed. */
  body: Record<string, unknown> & { checks: Record<string, 'ok' | 'failed' | 'timed out'> }
}

type Warn = { warn(event: string, fields: Record<string, unknown>): void }

/**
 * Runs every check at once, each within `timeoutMs`. Ready is 200 with each check `ok`; otherwise 503
 * naming the checks that failed (`failed` or `timed out`: what went wrong is logged, never answered, as
 * it may name hosts or credentials).
 */
export async function readiness(
  checks: ReadinessChecks,
  logger: Warn,
  timeoutMs = READINESS_TIMEOUT_MS,
): Promise<ReadinessAnswer> {
  const outcomes = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      let timer: NodeJS.Timeout | undefined
      const late = new Promise<'timed out'>((resolve) => {
        timer = setTimeout(() => resolve('timed out'), timeoutMs)
      })
      try {
        const outcome = await Promise.race([
          Promise.resolve()
            .then(check)
            .then(() => 'ok' as const),
          late,
        ])
        if (outcome !== 'ok') logger.warn('readiness check timed out', { check: name, timeoutMs })
        return [name, outcome] as const
      } catch (error) {
        logger.warn('readiness check failed', {
          check: name,
          error: error instanceof Error ? error.message : String(error),
        })
        return [name, 'failed' as const] as const
      } finally {
        clearTimeout(timer)
      }
    }),
  )
  const results = Object.fromEntries(outcomes)
  const failed = outcomes.filter(([, outcome]) => outcome !== 'ok').map(([name]) => name)
  if (failed.length === 0) return { status: 200, body: { status: 'ready', checks: results } }
  const error = new HttpError(503, `Not ready: ${failed.join(', ')}`)
  return { status: 503, body: { ...error.toJSON(), checks: results } }
}

/** `GET /ready` on a Hono app: the `readiness` of `checks`, never cached. */
export function readyRoute(checks: ReadinessChecks, logger: Warn): Hono {
  return new Hono().get('/ready', async (c) => {
    const { status, body } = await readiness(checks, logger)
    return c.json(body, status, { 'cache-control': 'no-store' })
  })
}

/**
 * `GET /health`, liveness: the process answers (`{ status: 'ok' }`), whatever it depends on, so a
 * supervisor restarts only a process that is stuck; and `GET /ready` for the load balancer.
 */
export function healthRoutes(checks: ReadinessChecks, logger: Warn): Hono {
  return new Hono()
    .get('/health', (c) => c.json({ status: 'ok' }, 200, { 'cache-control': 'no-store' }))
    .route('/', readyRoute(checks, logger))
}
