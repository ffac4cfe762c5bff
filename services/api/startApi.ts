import { randomBytes } from 'node:crypto'
import { type MetricsAccess, type Served, serve, type TrustedProxies } from '../kit/index.js'
import { consoleLogger, type Logger } from '../relay/index.js'
import { type OpenSharedState, openRedisSharedState, warnIfUnshared } from '../sharedState/index.js'
import { checkAdminTokenStrength } from './admin/index.js'
import { type ApiModuleOptions, apiModules } from './apiModules.js'
import { createApiApp, type RouteFactory } from './app.js'
import { type RunningJobs, runBackgroundJobs } from './background/runBackgroundJobs.js'
import type { ApiRole } from './config.js'
import { type Database, isPostgresUrl, type Migrations, migrate, openDatabase } from './db/index.js'
import { claimSqliteDatabase } from './db/sqliteOwner.js'
import { apiMonitors } from './http/apiMonitors.js'
import { healthOnlyApp } from './http/healthOnlyApp.js'
import { withModulePublicUrls } from './modulePublicUrls.js'
import { projectMigrations } from './projects/index.js'

export type StartApiOptions = ApiModuleOptions & {
  /** Defaults to 127.0.0.1. */
  host?: string
  /** 0 lets the OS pick a free port; read it back from `url`. */
  port: number
  /** A SQLite file path, or `postgres://…`. */
  database: string
  /**
   * Else `PAIRWISE_API_ADMIN_TOKEN`, else 32 random bytes in hex, made now. A given one must have at least
   * 32 characters, 5 of them different, and no whitespace (WeakAdminTokenError otherwise).
   */
  adminToken?: string
  /** More routes, mounted after the built-in feature modules'. */
  routes?: readonly RouteFactory[]
  /** More tables, migrated after the built-in modules'. */
  migrations?: readonly Migrations[]
  /** Defaults to JSON lines on stderr at `info`. */
  logger?: Logger
  /** The api's clock (nonce and session lifetimes, rate windows); the system clock by default. */
  now?: () => number
  /**
   * Where clients reach the api when a proxy or domain is in front of it. Its host is one of the `Host`
   * names the api answers to, beside the listen host, `localhost` and IP literals; any other gets 421.
   */
  publicUrl?: string
  /** The proxies whose `X-Forwarded-For` names the client for every per-client rule; default none. */
  trustProxy?: TrustedProxies
  /** Open sockets one client (IPv6 by /64) may hold on this process; 128 by default (`DEFAULT_SOCKETS_PER_CLIENT`). */
  maxSocketsPerClient?: number
  /**
   * The Redis every api process of the deployment shares rate counts and verify registrations through;
   * without it they are this process's own (right for one process).
   */
  redisUrl?: string
  /** Key prefix in Redis, so deployments can share one server; `pairwise:api:` by default. */
  redisPrefix?: string
  /** `web` (routes only), `worker` (background work and `/health` only) or `all` (both, the default). */
  role?: ApiRole
  /** Who may read `GET /metrics`; nobody by default. */
  metrics?: MetricsAccess
  /**
   * How often a standby asks for a background job's lock (a takeover comes within about this long after
   * the holder dies) and the onramp's holder sweeps for paid orders; 1000 ms by default.
   */
  backgroundPollMs?: number
}

export type RunningApi = {
  /** `http://host:port`. */
  readonly url: string
  readonly port: number
  readonly adminToken: string
  readonly db: Database
  readonly role: ApiRole
  /** The background jobs (`indexer`, `onramp`) running in this process now. */
  background(): string[]
  /** Stops accepting, ends open connections, stops the background work (releasing its locks), closes the database. */
  close(): Promise<void>
}

/**
 * Opens and migrates the database, then serves the api app on a safe Node HTTP server and runs the
 * background work, each as its role says. A SQLite database is claimed for this process first: a second
 * api on the same file is refused (SqliteDatabaseInUseError).
 */
export async function startApi(options: StartApiOptions): Promise<RunningApi> {
  const host = options.host ?? '127.0.0.1'
  const logger = options.logger ?? consoleLogger('info')
  const role = options.role ?? 'all'
  // Against DNS rebinding: a page whose name is re-pointed at this host must not read the api's answers.
  // Worked out first, so a bad public URL is refused before the database is opened.
  const names = [host, ...(options.publicUrl === undefined ? [] : [new URL(options.publicUrl).host])]
  const envToken = process.env.PAIRWISE_API_ADMIN_TOKEN
  // Checked before the database is opened, so a weak token stops the start with nothing to undo.
  if (options.adminToken)
    checkAdminTokenStrength(options.adminToken, '--admin-token-file / startApi({ adminToken })')
  else if (envToken) checkAdminTokenStrength(envToken, 'PAIRWISE_API_ADMIN_TOKEN')
  const adminToken = options.adminToken || envToken || randomBytes(32).toString('hex')
  const owner = isPostgresUrl(options.database)
    ? { ok: true as const, release() {} }
    : await claimSqliteDatabase(options.database)
  if (!owner.ok) throw owner.error
  let db: Database
  try {
    db = await openDatabase(options.database)
  } catch (error) {
    owner.release()
    throw error
  }
  const modules = apiModules({ ...withModulePublicUrls(options, options.publicUrl), adminToken })
  let server: Served
  let jobs: RunningJobs | undefined
  let shared: OpenSharedState | undefined
  try {
    // A worker serves no rate-limited route, so it needs no Redis.
    if (options.redisUrl !== undefined && role !== 'worker')
      shared = await openRedisSharedState(options.redisUrl, logger, options.redisPrefix)
    if (role !== 'worker') warnIfUnshared('api', db.kind, shared, logger)
    await migrate(db, [projectMigrations, ...modules.migrations, ...(options.migrations ?? [])])
    const pollMs = options.backgroundPollMs ?? 1000
    const now = options.now ?? Date.now
    const background = role === 'web' ? [] : modules.jobs({ db, logger, now, pollMs })
    const monitors = apiMonitors({
      db,
      redis: shared?.state.kind === 'redis' ? shared.state.redis : undefined,
      jobs: background,
      status: () => jobs?.status() ?? [],
    })
    const listener =
      role === 'worker'
        ? healthOnlyApp(db, logger, { access: options.metrics, monitors })
        : createApiApp({
            db,
            adminToken,
            logger,
            routes: [...modules.routes, ...(options.routes ?? [])],
            ...(options.now ? { now: options.now } : {}),
            ...(options.trustProxy ? { trustProxy: options.trustProxy } : {}),
            ...(shared ? { shared: shared.state } : {}),
            ...(options.metrics ? { metrics: options.metrics } : {}),
            monitors,
          }).listener
    server = await serve(listener, {
      name: 'api',
      logger,
      errorFormat: 'json',
      host,
      port: options.port,
      names,
      ...(options.trustProxy ? { trustProxy: options.trustProxy } : {}),
      ...(options.maxSocketsPerClient === undefined
        ? {}
        : { maxSocketsPerClient: options.maxSocketsPerClient }),
    })
    if (role !== 'web')
      jobs = runBackgroundJobs(background, { db, database: options.database, pollMs, logger })
  } catch (error) {
    await shared?.close()
    await db.close()
    owner.release()
    throw error
  }
  const { url, port } = server
  logger.info('api listening', { url, database: db.kind, role })
  let closing: Promise<void> | undefined
  return {
    url,
    port,
    adminToken,
    db,
    role,
    background: () => jobs?.holding() ?? [],
    close() {
      closing ??= (async () => {
        await server.close()
        await jobs?.stop()
        await shared?.close()
        await db.close()
        owner.release()
      })()
      return closing
    },
  }
}
