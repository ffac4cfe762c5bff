import { createConnection } from 'node:net'
import { startChildGroup, waitUntil } from '../process/childGroup.js'
import { type LocalServerOptions, outputTail } from './localServer.js'

export type RedisServer = {
  /** `redis://host:port`. */
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
 */
export async function startRedis({
  port,
  host = '127.0.0.1',
  timeoutMs = 10_000,
}: LocalServerOptions): Promise<RedisServer> {
  const group = startChildGroup({
    name: 'redis',
    command: REDIS_SERVER,
    args: [
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
  })
  const output = outputTail(group)
  try {
    await waitUntil(() => accepts(port, host), `redis-server on ${host}:${port}`, {
      timeoutMs,
      abort: group.exited,
    })
  } catch (error) {
    await group.stop(0)
    throw new Error(`${(error as Error).message}\n${output()}`)
  }
  return { url: `redis://${host}:${port}`, pgid: group.pid, stop: () => group.stop() }
}
