import type { SharedState } from '../../sharedState/index.js'
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
 * What routes read of a request. Hono's `c.req` is one; the direct lane (services/api/http/directLane.ts)
 * makes one straight from Node's request for the routes it answers past Hono.
 */
export type ApiRequest = {
  /** The first value of a query parameter. */
  query(name: string): string | undefined
  /** Every query parameter, each with its first value. */
  query(): Record<string, string>
  header(name: string): string | undefined
  /** The body as text, within the app's body cap. */
  text(): Promise<string>
  /**
   * The client's address: the TCP peer, or past the api's trusted proxies the first untrusted
   * `X-Forwarded-For` hop. Every per-client rule keys on it. In a Hono route: `apiRequest(c).client()`
   * (./clientAddress.ts).
   */
  client(): string
}

/**
 * Loads the request's project (`projectId` query), checks its Origin against the allowed origins, then the
 * client's and the project's rate limits; throws (or rejects with) the matching ApiError: invalid key,
 * origin not allowed, rate limited. The project comes at once when it was read recently, else as a
 * promise: await either. A Hono route passes `apiRequest(c)` (./clientAddress.ts).
 */
export type ProjectGuard = (
  request: Pick<ApiRequest, 'query' | 'header' | 'client'>,
) => Project | Promise<Project>

/** Structured log lines: one JSON object per event. */
export type ApiLogger = {
  info(event: string, fields?: Record<string, unknown>): void
  warn(event: string, fields?: Record<string, unknown>): void
  error(event: string, fields?: Record<string, unknown>): void
}

/** What every route factory receives. */
export type RouteDeps = {
  db: Database
  project: ProjectGuard
  logger: ApiLogger
  now: () => number
  /** Where rate counts and the verify registrations live; this process alone when absent. */
  shared?: SharedState
}
