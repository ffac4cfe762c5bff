import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createConnection } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startChildGroup, waitUntil } from '../process/childGroup.js'
import { groupListensOn } from '../process/groupListens.js'
import { hostPort } from './haproxyConfig.js'
import { type LocalServerOptions, outputTail } from './localServer.js'

export type RedisServer = {
  /** `redis://:<password>@host:port`: the password, made at start, is asked of every connection. */
  url: string
  /** The process group of the server (its guard leads it); `kill -9 -<pgid>` ends it at once. */
  pgid: number
  /** Stops it (SIGTERM, Redis's clean shutdown) and resolves once it has exited. */
  stop(): Promise<void>
}

/** Debian's redis-server. */
export const REDIS_SERVER = '/usr/bin/redis-server'

function accepts(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host })
    socket.once('connect', () => {
      socket.end('PING\r\n')
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

/**
 * A redis-server on `host:port` that keeps nothing on disk (a production one is given by URL instead):
 * what it holds (rate-limit windows, verify registrations, relay fan-out) is worth nothing after a stop.
 * It asks every connection for a password made here: any local user reaches a loopback port, and a
 * forged key (a verify attestation) would be believed by every node.
 */
export async function startRedis({
  port,
  host = '127.0.0.1',
  timeoutMs = 10_000,
}: LocalServerOptions): Promise<RedisServer> {
  // Hex: nothing in it needs escaping in a URL or the config file. The config file, not the command line
  // (which `ps` shows), carries it, in a folder of this user's only; redis-server reads it once, at start.
  const password = randomBytes(32).toString('hex')
  const dir = mkdtempSync(join(tmpdir(), 'pairwise-redis-'))
  const configFile = join(dir, 'redis.conf')
  writeFileSync(configFile, `requirepass ${password}\n`, { mode: 0o600 })
  const group = startChildGroup({
    name: 'redis',
    command: REDIS_SERVER,
    args: [
      configFile,
      '--port',
      String(port),
      '--bind',
      host,
      '--save',
      '',
      '--appendonly',
      'no',
      '--loglevel',
      'warning',
    ],
    output: 'pipe',
    // Removed below once Redis answers; the guard removes it too should we die before that.
    removeOnExit: dir,
  })
  const output = outputTail(group)
  try {
    // Only once it holds the port itself: another user who took the port first would be handed our URL.
    const ready = async () => groupListensOn(group.pid, port) && (await accepts(port, host))
    await waitUntil(ready, `redis-server on ${host}:${port}`, {
      timeoutMs,
      abort: group.exited,
    })
  } catch (error) {
    await group.stop(0)
    throw new Error(`${(error as Error).message}\n${output()}`)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  return { url: `redis://:${password}@${hostPort(host, port)}`, pgid: group.pid, stop: () => group.stop() }
}
