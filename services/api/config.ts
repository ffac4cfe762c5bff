import { join } from 'node:path'
import { z } from 'zod'
import {
  type MetricsAccess,
  metricsAccessOf,
  operatorNumber,
  parseTrustedProxies,
  portNumber,
  TRUST_PROXY_ENV,
  type TrustedProxies,
} from '../kit/index.js'
import { redisUrlOf } from '../sharedState/index.js'

export const DEFAULT_API_PORT = 8788

/**
 * What an api process does: `web` serves the routes, `worker` runs the background work (the indexer, the
 * onramp's deliveries) and serves only `/health`, `all` does both.
 */
export const apiRoles = ['web', 'worker', 'all'] as const
export type ApiRole = (typeof apiRoles)[number]

export type ApiConfig = {
  host: string
  port: number
  database: string
  role: ApiRole
  trustProxy: TrustedProxies
  /** The Redis shared by every api process of the deployment (`--redis` / `PAIRWISE_REDIS_URL`). */
  redisUrl?: string
  /** Who may read `GET /metrics`: off unless `PAIRWISE_METRICS_TOKEN` or `PAIRWISE_METRICS=open`. */
  metrics: MetricsAccess
}

const apiConfigSchema = z.object({
  host: z.string().min(1),
  // 0 takes any free port: a single api, unlike the stack, records its port nowhere but its own URL.
  port: operatorNumber({ ...portNumber, min: 0 }),
  database: z.string().min(1),
  role: z.enum(apiRoles),
})

/** Where the api keeps its data when no database is named: a SQLite file in the data dir. */
export function defaultApiDatabase(env: NodeJS.ProcessEnv): string {
  return env.DATABASE_URL || join(env.PAIRWISE_DATA_DIR || '.pairwise/data', 'api.sqlite')
}

/**
 * The api service's settings: flags first, then `PAIRWISE_HOST`, `PAIRWISE_API_PORT` (8788) and
 * `DATABASE_URL` (else `${PAIRWISE_DATA_DIR:-.pairwise/data}/api.sqlite`), and `--trust-proxy` /
 * `PAIRWISE_TRUST_PROXY` (CIDRs whose `X-Forwarded-For` names the client; none by default), and `--role` /
 * `PAIRWISE_API_ROLE` (`web`, `worker` or `all`, the default), and `--redis` / `PAIRWISE_REDIS_URL` (the Redis
 * every api process shares rate counts and verify registrations through; none by default).
 */
export function apiConfig(
  env: NodeJS.ProcessEnv,
  flags: {
    host?: string
    port?: string
    database?: string
    role?: string
    'trust-proxy'?: string | string[]
    redis?: string
  } = {},
): ApiConfig {
  const parsed = apiConfigSchema.safeParse({
    host: flags.host ?? env.PAIRWISE_HOST ?? '127.0.0.1',
    port: flags.port ?? env.PAIRWISE_API_PORT ?? String(DEFAULT_API_PORT),
    database: flags.database ?? defaultApiDatabase(env),
    role: flags.role ?? env.PAIRWISE_API_ROLE ?? 'all',
  })
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const field = String(issue?.path[0] ?? 'port')
    const name = {
      host: '--host / PAIRWISE_HOST',
      port: '--port / PAIRWISE_API_PORT',
      database: '--database',
      role: '--role / PAIRWISE_API_ROLE',
    }[field]
    throw new Error(`Invalid ${name ?? field}: ${issue?.message ?? 'invalid value'}`)
  }
  const redisUrl = redisUrlOf(flags.redis, env)
  return {
    ...parsed.data,
    trustProxy: parseTrustedProxies(flags['trust-proxy'] ?? env[TRUST_PROXY_ENV]),
    ...(redisUrl === undefined ? {} : { redisUrl }),
    metrics: metricsAccessOf(env),
  }
}
