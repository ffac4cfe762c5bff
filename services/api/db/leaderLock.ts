import type { Client } from 'pg'
import { pause } from '../background/pause.js'
import type { ApiLogger } from '../http/types.js'
import { apiLockKeys, apiLockNamespace } from './advisoryLocks.js'

/** The advisory lock (second key half) of each piece of background work that must run in one process. */
export const leaderLockKeys = { indexer: apiLockKeys.indexer, onramp: apiLockKeys.onramp } as const
export type LeaderLockName = keyof typeof leaderLockKeys

export type LeaderLockOptions = {
  /** The `postgres://…` database whose sessions share the lock. */
  url: string
  name: LeaderLockName
  /** How often a standby asks for the lock, and the holder checks its session is still alive. */
  pollMs: number
  logger: ApiLogger
}

export type LeaderLock = {
  /** Whether `work` runs here now. */
  holding(): boolean
  /** Ends `work` (waiting for it to wind down), then releases the lock and closes its connection. */
  stop(): Promise<void>
}

/**
 * How long PostgreSQL keeps a lock session that sends nothing (its holder pings every `pollMs`): a holder
 * gone silent without closing its connection (a frozen process or host, a proxy or link that swallows its
 * packets) is cut off by the server, freeing the lock for a standby; the server's TCP keepalive would take
 * hours, and sees nothing wrong while a proxy in between still answers. At the default `pollMs` of 1 s a
 * standby then holds within 3 s + its poll of the last ping, inside the 5 s a takeover may take.
 */
export const lockSessionIdleMs = (pollMs: number) => Math.max(3000, 3 * pollMs)

/**
 * Runs `work` only while this process holds the session-level advisory lock `name` on a connection of its
 * own: the lock lives exactly as long as that session, so a holder killed in any way frees it as soon as
 * PostgreSQL sees the connection drop, and a standby polling every `pollMs` takes over. `work` gets a
 * signal that aborts when the session is lost (the lock may be someone else's by then) or on `stop()`, and
 * must resolve once it has wound down; it runs again on the next hold.
 */
export function holdLeaderLock(
  options: LeaderLockOptions,
  work: (signal: AbortSignal) => Promise<void>,
): LeaderLock {
  const stopping = new AbortController()
  let held = false
  const running = (async () => {
    while (!stopping.signal.aborted) {
      try {
        await holdOnce(options, stopping.signal, async (signal) => {
          held = true
          try {
            await work(signal)
          } finally {
            held = false
          }
        })
      } catch (error) {
        options.logger.warn('leader.lock_failed', { lock: options.name, error: String(error) })
      }
      await pause(options.pollMs, stopping.signal)
    }
  })()
  return {
    holding: () => held,
    async stop() {
      stopping.abort()
      await running
    },
  }
}

/** One connection's life: wait for the lock, run `work` while the session stands, release on the way out. */
async function holdOnce(
  options: LeaderLockOptions,
  stopping: AbortSignal,
  work: (signal: AbortSignal) => Promise<void>,
): Promise<void> {
  const { default: pg } = await import('pg')
  // A holder must hear of a server gone silent (no FIN, no RST): its check then fails rather than hangs.
  const client: Client = new pg.Client({
    connectionString: options.url,
    keepAlive: true,
    keepAliveInitialDelayMillis: 5000,
    query_timeout: 5000,
    // A server that takes the connection and never answers would hold this attempt, and stop(), for good.
    connectionTimeoutMillis: 5000,
  })
  const lost = new AbortController()
  // A terminated session or a dropped connection: what held the lock is gone with it.
  client.on('error', () => lost.abort())
  client.on('end', () => lost.abort())
  const key = [apiLockNamespace, leaderLockKeys[options.name]]
  try {
    await client.connect()
    // PostgreSQL 14+; an older server keeps a silent holder's session until its TCP keepalive gives up.
    await client
      .query(`SET idle_session_timeout = ${lockSessionIdleMs(options.pollMs)}`)
      .catch((error) => options.logger.warn('leader.no_idle_timeout', { error: String(error) }))
    while (!(await tryLock(client, key))) {
      await pause(options.pollMs, AbortSignal.any([stopping, lost.signal]))
      if (stopping.aborted || lost.signal.aborted) return
    }
    const signal = AbortSignal.any([stopping, lost.signal])
    options.logger.info('leader.acquired', { lock: options.name })
    // Work that ends by itself (it failed) gives the lock up, so that a process where it runs can have it.
    const ended = new AbortController()
    const done = work(signal)
      .catch((error) =>
        options.logger.error('leader.work_failed', { lock: options.name, error: String(error) }),
      )
      .finally(() => ended.abort())
    const watching = AbortSignal.any([signal, ended.signal])
    // A connection gone silent tells this client nothing until a query fails.
    while (!watching.aborted) {
      await pause(options.pollMs, watching)
      if (!watching.aborted) await client.query('SELECT 1').catch(() => lost.abort())
    }
    await done
    options.logger.info('leader.released', { lock: options.name, lost: lost.signal.aborted })
    // A session that died meanwhile took its lock with it.
    if (!lost.signal.aborted)
      await client.query('SELECT pg_advisory_unlock($1, $2)', key).catch(() => undefined)
  } finally {
    await client.end().catch(() => undefined)
  }
}

async function tryLock(client: Client, key: number[]): Promise<boolean> {
  const { rows } = await client.query<{ held: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS held', key)
  return rows[0]?.held === true
}
