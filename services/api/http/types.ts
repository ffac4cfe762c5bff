import type { Context } from 'hono'
import type { Database } from '../db/index.js'

/** A project as routes see it (owned by services/api/projects). */
export type Project = {
  id: string
  name: string
  allowedOrigins: string[]
  basic: boolean
  features: {
    email: boolean
    socials: false | string[]
    swaps: boolean
    onramp: boolean
    activity: boolean
    reownBranding: boolean
    multiWallet: boolean
  }
}

/**
 * Loads the request's project (`projectId` query), checks its Origin against the allowed origins and the
 * project's rate limit; throws the matching ApiError (invalid key, origin not allowed, rate limited).
 */
export type ProjectGuard = (c: Context) => Promise<Project>

/** Structured log lines: one JSON object per event. */
export type ApiLogger = {
  info(event: string, fields?: Record<string, unknown>): void
  warn(event: string, fields?: Record<string, unknown>): void
  error(event: string, fields?: Record<string, unknown>): void
}

/** What every route factory receives. */
export type RouteDeps = { db: Database; project: ProjectGuard; logger: ApiLogger; now: () => number }
