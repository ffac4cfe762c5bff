import { randomBytes } from 'node:crypto'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  checkRequestTarget,
  consoleLogger,
  createSafeServer,
  type Logger,
  listen,
  type TrustedProxies,
} from '../relay/index.js'
import { type ApiModuleOptions, apiModules } from './apiModules.js'
import { createApiApp, type RouteFactory } from './app.js'
import { type Database, type Migrations, migrate, openDatabase } from './db/index.js'
import { projectMigrations } from './projects/index.js'

export type StartApiOptions = ApiModuleOptions & {
  /** Defaults to 127.0.0.1. */
  host?: string
  /** 0 lets the OS pick a free port; read it back from `url`. */
  port: number
  /** A SQLite file path, or `postgres://…`. */
  database: string
  /** Else `PAIRWISE_API_ADMIN_TOKEN`, else 32 random bytes in hex, made now. */
  adminToken?: string
  /** More routes, mounted after the built-in feature modules'. */
  routes?: readonly RouteFactory[]
  /** More tables, migrated after the built-in modules'. */
  migrations?: readonly Migrations[]
  /** Defaults to JSON lines on stderr at `info`. */
  logger?: Logger
  /** The api's clock (nonce and session lifetimes, rate windows); the system clock by default. */
  now?: () => number
  /** The proxies whose `X-Forwarded-For` names the client for every per-client rule; default none. */
  trustProxy?: TrustedProxies
}

export type RunningApi = {
  /** `http://host:port`. */
  readonly url: string
  readonly port: number
  readonly adminToken: string
  readonly db: Database
  /** Stops accepting, ends open connections, closes the database. */
  close(): Promise<void>
}

/** Opens and migrates the database, then serves the api app on a safe Node HTTP server. */
export async function startApi(options: StartApiOptions): Promise<RunningApi> {
  const host = options.host ?? '127.0.0.1'
  const logger = options.logger ?? consoleLogger('info')
  const adminToken =
    options.adminToken || process.env.PAIRWISE_API_ADMIN_TOKEN || randomBytes(32).toString('hex')
  const db = await openDatabase(options.database)
  const modules = apiModules({ ...options, adminToken })
  let server: Server
  let stopModules: () => Promise<void>
  try {
    await migrate(db, [projectMigrations, ...modules.migrations, ...(options.migrations ?? [])])
    const { listener } = createApiApp({
      db,
      adminToken,
      logger,
      routes: [...modules.routes, ...(options.routes ?? [])],
      ...(options.now ? { now: options.now } : {}),
      ...(options.trustProxy ? { trustProxy: options.trustProxy } : {}),
    })
    server = createSafeServer(
      (request, response) => {
        checkRequestTarget(request)
        return listener(request, response)
      },
      { name: 'api', logger, errorFormat: 'json' },
    )
    await listen(server, options.port, host)
    stopModules = modules.start(db, logger)
  } catch (error) {
    await db.close()
    throw error
  }
  const { port } = server.address() as AddressInfo
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`
  logger.info('api listening', { url, database: db.kind })
  let closing: Promise<void> | undefined
  return {
    url,
    port,
    adminToken,
    db,
    close() {
      closing ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()))
        server.closeAllConnections()
        await closed
        await stopModules()
        await db.close()
      })()
      return closing
    },
  }
}
