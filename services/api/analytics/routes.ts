import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { pageHeaders, zodIssue } from '../../kit/index.js'
import type { WindowCounter } from '../../sharedState/index.js'
import { ApiError, rateLimited } from '../http/apiError.js'
import { apiRequest } from '../http/clientAddress.js'
import type { RouteDeps } from '../http/types.js'
import { validQuery } from '../http/validate.js'
import { clientBudgetKey, DEFAULT_MAX_RATE_LIMITED_CLIENTS } from '../projects/clientBudget.js'
import { requireFeature } from '../projects/requireFeature.js'
import { sharedStateOf } from '../sharedStateOf.js'
import { carriesAdminToken, invalidAdminToken } from './adminToken.js'
import { ingestBodySchema, ingestLimits, ingestQuerySchema, statsQuerySchema } from './schema.js'
import { statsPageCsp, statsPageHtml } from './statsPage.js'

const statsPageHeaders = pageHeaders(statsPageCsp)

import {
  AnalyticsStore,
  dayMs,
  defaultDailyRowCap,
  eventsPerClientPerDay,
  eventsPerClientPerHour,
} from './store.js'

export type AnalyticsRouteOptions = {
  /** The api's admin token: the stats route and its page's requests must carry it. */
  adminToken: string
  /** Rows stored per project and UTC day; later events are counted as dropped (default 10,000). */
  dailyRowCap?: number
  /** Events one client may send a project per hour (default 500); the rest are refused with 429. */
  eventsPerClientPerHour?: number
  /** Events one client may store in a project per UTC day (default a fifth of `dailyRowCap`); then 429. */
  eventsPerClientPerDay?: number
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    throw new ApiError(400, 'INVALID_REQUEST', 'body: not valid JSON')
  }
}

/**
 * Opt-in analytics: `POST /v1/analytics/events` (ingest, 204), `GET /v1/analytics/stats` (admin) and
 * `GET /admin/analytics` (the charts page). Ingest stores no IP address (it counts the client's hourly
 * and daily budgets in the rate counters only), no user agent and of each event only what the stats read.
 */
export function analyticsRoutes(deps: RouteDeps & AnalyticsRouteOptions): Hono {
  const dailyRowCap = deps.dailyRowCap ?? defaultDailyRowCap
  const store = new AnalyticsStore(deps.db, dailyRowCap)
  const counter = sharedStateOf(deps).counter
  const clients = { maxKeys: DEFAULT_MAX_RATE_LIMITED_CLIENTS, now: deps.now }
  const perHour = counter('analytics-client', { ...clients, windowMs: 3_600_000 })
  // Aligned day windows start at UTC midnight: the very days the store's row cap counts.
  const perDay = counter('analytics-client-day', { ...clients, windowMs: dayMs })
  const hourCap = deps.eventsPerClientPerHour ?? eventsPerClientPerHour
  const dayCap = deps.eventsPerClientPerDay ?? eventsPerClientPerDay(dailyRowCap)
  /** Spends one of `key`'s hour and one of its day, or names the counter that refused (nothing spent). */
  const spendOne = async (key: string): Promise<WindowCounter | undefined> => {
    if (!(await perHour.take(key, hourCap))) return perHour
    if (await perDay.take(key, dayCap)) return undefined
    await perHour.refund(key)
    return perDay
  }
  const tooLarge = () => {
    throw new ApiError(413, 'PAYLOAD_TOO_LARGE', `body: larger than ${ingestLimits.bodyBytes} bytes`)
  }
  return new Hono()
    .post(
      '/v1/analytics/events',
      bodyLimit({ maxSize: ingestLimits.bodyBytes, onError: tooLarge }),
      async (c) => {
        const project = requireFeature(await deps.project(apiRequest(c)), 'analytics')
        validQuery(c.req, ingestQuerySchema)
        // sendBeacon posts text/plain (no CORS preflight), so the body is read as text whatever its type.
        const parsed = ingestBodySchema.safeParse(parseBody(await c.req.text()))
        if (!parsed.success) {
          throw new ApiError(400, 'INVALID_REQUEST', zodIssue(parsed.error, 'body'))
        }
        // Each event spends one of the client's own hour and day; only what fits is stored, so a flood
        // spends the flooder's share and never the project's whole day.
        const key = clientBudgetKey(project.id, apiRequest(c).client())
        const events = []
        let refusedBy: WindowCounter | undefined
        for (const event of parsed.data.events) {
          refusedBy = await spendOne(key)
          if (refusedBy) break
          events.push(event)
        }
        if (refusedBy && events.length === 0) throw rateLimited(refusedBy.retryAfterSeconds())
        const now = deps.now()
        const result = await store.record(project.id, events, now)
        if (result.dropped > 0)
          deps.logger.warn('analytics.dropped', { projectId: project.id, dropped: result.dropped })
        // Not awaited: a long backlog of expired rows is deleted chunk by chunk after this batch is answered.
        if (result.firstOfDay)
          store.forgetExpired(project.id, now).catch((error: unknown) => {
            deps.logger.warn('analytics.retention_failed', { projectId: project.id, error: String(error) })
          })
        return c.body(null, 204)
      },
    )
    .get('/v1/analytics/stats', async (c) => {
      if (!carriesAdminToken(c.req.header('authorization'), deps.adminToken)) throw invalidAdminToken()
      const { projectId, days } = validQuery(c.req, statsQuerySchema)
      return c.json(await store.stats(projectId, days, deps.now()))
    })
    .get('/admin/analytics', (c) => c.html(statsPageHtml, 200, statsPageHeaders))
}
