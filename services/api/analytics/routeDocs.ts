import { z } from 'zod'
import { empty, json, type ModuleDocs, page } from '../openapi/routeDoc.js'
import { ingestBodySchema, ingestQuerySchema, statsQuerySchema } from './schema.js'
import type { AnalyticsStats } from './store.js'

const dayCount = z.object({ day: z.string(), count: z.number() })

export const statsAnswerSchema = z.object({
  projectId: z.string(),
  days: z.array(z.string()).describe('UTC days covered, oldest first, as YYYY-MM-DD.'),
  views: z.array(dayCount),
  errors: z.array(dayCount),
  dropped: z.array(dayCount),
  connects: z.array(z.object({ wallet: z.string(), count: z.number() })),
}) satisfies z.ZodType<AnalyticsStats>

export const analyticsDocs: ModuleDocs = {
  tag: 'analytics',
  description:
    "Opt-in page analytics: of an event only its day, its kind and a connected wallet's name are kept; no IP address, no user agent.",
  routes: [
    {
      method: 'post',
      path: '/v1/analytics/events',
      summary: 'Stores a batch of events (sent as text/plain by sendBeacon, so no CORS preflight)',
      auth: 'project',
      calledBy: ['modal'],
      query: ingestQuerySchema,
      body: { schema: ingestBodySchema, media: 'text/plain' },
      responses: { 204: empty('Stored (events past the daily cap are counted as dropped)') },
    },
    {
      method: 'get',
      path: '/v1/analytics/stats',
      summary: "A project's views, errors and connects per day",
      auth: 'admin',
      calledBy: ['api pages'],
      query: statsQuerySchema,
      responses: { 200: json('The counts', statsAnswerSchema) },
    },
    {
      method: 'get',
      path: '/admin/analytics',
      summary: 'The analytics page, drawing the stats as SVG',
      auth: 'none',
      calledBy: ['browser'],
      responses: { 200: page('The page') },
    },
  ],
}
