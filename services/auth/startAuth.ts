import type { Logger } from '@pairwise/common'
import { type Database, migrate, openDatabase } from '../api/db/index.js'
import { storeChecks } from '../api/http/readinessChecks.js'
import { projectMigrations } from '../api/projects/projectMigrations.js'
import { ProjectStore } from '../api/projects/projectStore.js'
import {
  honoListener,
  type MetricsAccess,
  noTrustedProxies,
  type Served,
  serve,
  type TrustedProxies,
} from '../kit/index.js'
import type { Mailer } from '../mail/mailer.js'
import { consoleLogger } from '../relay/index.js'
import { type OpenSharedState, openRedisSharedState, warnIfUnshared } from '../sharedState/index.js'
import { type AuthMountedRoutes, createAuthApp } from './app.js'
import { authContext } from './authContext.js'
import { type FarcasterConfigInput, farcasterConfigSchema } from './farcaster/farcasterConfig.js'
import { type AuthLimits, authLimits } from './limits.js'
import { authMigrations } from './migrations.js'
import { pepperFromKek } from './secrets.js'
import { type SocialProviderConfigInput, socialConfigSchema } from './social/providerConfig.js'

export type StartAuthOptions = {
  /** Defaults to 127.0.0.1. */
  host?: string
  /** 0 lets the OS pick a free port; read it back from `url`. */
  port: number
  mailer: Mailer
  /** The key-encryption key of the auth shares: 32 bytes from config or env, never stored in the database. */
  kek: Uint8Array
  /** The HMAC key of stored codes; by default derived from the KEK (every instance agrees, the DB holds neither). */
  pepper?: Uint8Array
  /**
   * Where browsers reach this service when a proxy in front changes it (the approval link's origin). Its
   * host is one of the Host names the service answers, beside the listen host, `localhost` and IP literals.
   */
  publicUrl?: string
  /** The proxies whose X-Forwarded-For is believed for every per-IP rule; nobody by default. */
  trustProxy?: TrustedProxies
  /** Open sockets one client (IPv6 by /64) may hold on this process; 128 by default (`DEFAULT_SOCKETS_PER_CLIENT`). */
  maxSocketsPerClient?: number
  /** Who may read `GET /metrics`; nobody by default. */
  metrics?: MetricsAccess
  /** The service's clock; the system clock by default. */
  now?: () => number
  /** Any limit changed (tests, operators). */
  limits?: Partial<AuthLimits>
  /** More routes on the same server (the frame page), mounted after the auth routes. */
  routes?: AuthMountedRoutes
  /** Defaults to JSON lines on stderr at `info`. */
  logger?: Logger
  /**
   * The Redis every auth process of the deployment shares the device proofs it has seen through, so a
   * proof is not replayed on another process, and the clients' lookups of unknown projects, so each has one
   * budget; every other limit is in the database already.
   */
  redisUrl?: string
  /** Key prefix in Redis, so deployments can share one server; `pairwise:api:` by default. */
  redisPrefix?: string
  /** The social providers to offer (client ids, secrets, endpoints): checked before anything starts. */
  socialProviders?: readonly SocialProviderConfigInput[]
  /** Sign In With Farcaster: its relay's URL, domain, SIWE URI and Optimism RPC; off without it. */
  farcaster?: FarcasterConfigInput
} & (
  | {
      /** A SQLite file path, or `postgres://…`: opened, migrated, closed with the service. */
      database: string
    }
  | {
      /** A database opened by the caller (e.g. the api's): migrated here, left open on close. */
      db: Database
    }
)

export type RunningAuth = {
  /** `http://host:port`. */
  readonly url: string
  readonly db: Database
  /** Stops accepting, ends open connections, closes the database if it opened it. */
  close(): Promise<void>
}

/** Opens and migrates the database (projects and auth), then serves the auth app on a safe Node HTTP server. */
export async function startAuth(options: StartAuthOptions): Promise<RunningAuth> {
  const host = options.host ?? '127.0.0.1'
  const logger = options.logger ?? consoleLogger('info')
  const now = options.now ?? Date.now
  const socialProviders = socialConfigSchema.parse(options.socialProviders ?? [])
  const farcaster = options.farcaster && farcasterConfigSchema.parse(options.farcaster)
  const owned = 'database' in options
  const db = owned ? await openDatabase(options.database) : options.db
  let server: Served
  let url = ''
  let shared: OpenSharedState | undefined
  try {
    if (options.redisUrl !== undefined)
      shared = await openRedisSharedState(options.redisUrl, logger, options.redisPrefix)
    warnIfUnshared('auth', db.kind, shared, logger)
    await migrate(db, [projectMigrations, authMigrations])
    const ctx = authContext({
      db,
      projects: new ProjectStore(db, { now }),
      mailer: options.mailer,
      kek: options.kek,
      pepper: options.pepper ?? pepperFromKek(options.kek),
      limits: { ...authLimits, ...options.limits },
      logger,
      now,
      publicUrl: () => options.publicUrl ?? url,
      trustProxy: options.trustProxy ?? noTrustedProxies,
      socialProviders,
      ...(farcaster ? { farcaster } : {}),
      ...(shared ? { shared: shared.state } : {}),
    })
    const listener = honoListener(
      createAuthApp(ctx, options.routes, storeChecks(db, shared?.state), options.metrics).fetch,
    )
    const names = options.publicUrl === undefined ? [host] : [host, new URL(options.publicUrl).host]
    server = await serve(listener, {
      name: 'auth',
      logger,
      errorFormat: 'json',
      host,
      port: options.port,
      names,
      trustProxy: options.trustProxy ?? noTrustedProxies,
      ...(options.maxSocketsPerClient === undefined
        ? {}
        : { maxSocketsPerClient: options.maxSocketsPerClient }),
    })
  } catch (error) {
    await shared?.close()
    if (owned) await db.close()
    throw error
  }
  url = server.url
  logger.info('auth listening', { url, database: db.kind })
  let closing: Promise<void> | undefined
  return {
    url,
    db,
    close() {
      closing ??= (async () => {
        await server.close()
        await shared?.close()
        if (owned) await db.close()
      })()
      return closing
    },
  }
}
