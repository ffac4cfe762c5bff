import { createHash } from 'node:crypto'
import type { Logger } from '@pairwise/common'
import { Hono } from 'hono'
import { methodNotAllowed } from 'hono/method-not-allowed'
import { type Database, migrate, openDatabase } from '../api/db/index.js'
import { bodyCap, errorHandler, methodNotAllowedAnswer, notFound } from '../api/http/errorAnswers.js'
import { storeChecks } from '../api/http/readinessChecks.js'
import {
  healthRoutes,
  honoListener,
  noTrustedProxies,
  requestLog,
  type Served,
  serve,
  type TrustedProxies,
} from '../kit/index.js'
import { consoleLogger } from '../relay/index.js'
import { ChannelStore } from './channelStore.js'
import { CustodyReader } from './custodyReader.js'
import { type RelayLimits, relayLimits } from './limits.js'
import { relayMigrations } from './migrations.js'
import { relayRoutes } from './relayRoutes.js'

export type StartFarcasterRelayOptions = {
  /** Defaults to 127.0.0.1. */
  host?: string
  /** 0 lets the OS pick; read it back from `url`. */
  port: number
  /** The key Farcaster apps send to complete a channel (`X-Farcaster-Auth-Relay-Key`), 16 characters at least. */
  relayKey: string
  /** Where the IdRegistry is read for each completing fid's custody address; none without it. */
  optimismRpcUrl?: string
  /** The proxies whose X-Forwarded-For names the client for the per-IP cap; nobody by default. */
  trustProxy?: TrustedProxies
  limits?: Partial<RelayLimits>
  now?: () => number
  /** More routes on the same server (the stack's test Farcaster client page). */
  routes?: Hono
  /** Defaults to JSON lines on stderr at `info`. */
  logger?: Logger
} & (
  | {
      /** A SQLite file path, or `postgres://…`: opened, migrated, closed with the relay. */
      database: string
    }
  | {
      /** A database opened by the caller: migrated here, left open on close. */
      db: Database
    }
)

export type RunningFarcasterRelay = {
  /** `http://host:port`: the relay URL an auth service is configured with. */
  readonly url: string
  close(): Promise<void>
}

/**
 * A Farcaster auth relay (the channel API of Farcaster's own, see protocol.ts) with its channels in a
 * database: what an auth service talks to locally and in tests. Production uses Farcaster's relay, the
 * only one real Farcaster apps post to.
 */
export async function startFarcasterRelay(
  options: StartFarcasterRelayOptions,
): Promise<RunningFarcasterRelay> {
  if (options.relayKey.length < 16) throw new Error('the relay key must be 16 characters at least')
  const host = options.host ?? '127.0.0.1'
  const logger = options.logger ?? consoleLogger('info')
  const limits = { ...relayLimits, ...options.limits }
  const owned = 'database' in options
  const db = owned ? await openDatabase(options.database) : options.db
  let server: Served
  try {
    await migrate(db, [relayMigrations])
    const app = new Hono()
    app.use(requestLog(logger))
    app.use(methodNotAllowed({ app, onMethodNotAllowed: methodNotAllowedAnswer }))
    app.use(bodyCap(limits.bodyLimitBytes))
    app.route('/', healthRoutes(storeChecks(db), logger))
    app.route(
      '/',
      relayRoutes({
        channels: new ChannelStore(db, limits),
        custody: options.optimismRpcUrl === undefined ? undefined : new CustodyReader(options.optimismRpcUrl),
        relayKeyDigest: createHash('sha256').update(options.relayKey).digest(),
        limits,
        trustProxy: options.trustProxy ?? noTrustedProxies,
        now: options.now ?? Date.now,
      }),
    )
    if (options.routes) app.route('/', options.routes)
    app.notFound(notFound)
    app.onError(errorHandler(logger))
    server = await serve(honoListener(app.fetch), {
      name: 'farcaster-relay',
      logger,
      errorFormat: 'json',
      host,
      port: options.port,
      names: [host],
      trustProxy: options.trustProxy ?? noTrustedProxies,
    })
  } catch (error) {
    if (owned) await db.close()
    throw error
  }
  logger.info('farcaster relay listening', { url: server.url, database: db.kind })
  let closing: Promise<void> | undefined
  return {
    url: server.url,
    close() {
      closing ??= (async () => {
        await server.close()
        if (owned) await db.close()
      })()
      return closing
    },
  }
}
