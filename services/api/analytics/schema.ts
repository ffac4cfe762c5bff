import { z } from 'zod'
import { withoutNul } from '../../kit/index.js'
import { projectIdSchema } from '../projects/project.js'

/** Caps on what one ingest request may carry (documented in the api's README section). */
export const ingestLimits = {
  bodyBytes: 32 * 1024,
  eventsPerBatch: 50,
  nameChars: 64,
  pathChars: 512,
  properties: 16,
  propertyKeyChars: 64,
  propertyValueChars: 256,
} as const

/** A string of at most `max` characters without U+0000, which PostgreSQL's TEXT cannot hold (a wallet name is stored). */
const text = (max: number) => z.string().max(max).check(withoutNul)

/** Checked so the modal's events stay well-formed, but not stored: no stats read a path. */
const pathSchema = text(ingestLimits.pathChars).regex(/^\//, 'must start with /')

const propertyValue = z.union([text(ingestLimits.propertyValueChars), z.number().finite(), z.boolean()])

export const analyticsEventSchema = z.strictObject({
  type: z.enum(['pageview', 'event']),
  name: text(ingestLimits.nameChars).min(1),
  path: pathSchema,
  properties: z
    .record(z.string().min(1).max(ingestLimits.propertyKeyChars), propertyValue)
    .refine((p) => Object.keys(p).length <= ingestLimits.properties, {
      message: `at most ${ingestLimits.properties} properties`,
    })
    .default({}),
  at: z.int().nonnegative(),
})

export type AnalyticsEvent = z.output<typeof analyticsEventSchema>

export const ingestBodySchema = z.strictObject({
  events: z.array(analyticsEventSchema).min(1).max(ingestLimits.eventsPerBatch),
})

export const ingestQuerySchema = z.object({ projectId: z.string().min(1).max(128) })

/** The longest stats window, in UTC days: the store deletes what no window reaches any more. */
export const retainedDays = 90

// An id no project can have is refused before the query: PostgreSQL fails a lookup of U+0000 with a 500.
export const statsQuerySchema = z.object({
  projectId: projectIdSchema,
  days: z.coerce.number().int().min(1).max(retainedDays).default(30),
})
