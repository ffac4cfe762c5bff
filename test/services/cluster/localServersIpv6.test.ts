import { createConnection } from 'node:net'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { type PostgresServer, startPostgres } from '../../../services/cluster/postgresServer.js'
import { type RedisServer, startRedis } from '../../../services/cluster/redisServer.js'
import { freePort } from '../../support/ports.js'

// `pairwise cluster --host ::1` runs its throwaway Postgres and Redis on the IPv6 loopback: the URLs the
// nodes are given must name that host in brackets, or no node can parse them.

const host = '::1'
const servers: { stop(): Promise<void> }[] = []
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()))
})

/** Sends AUTH over a bare connection to the URL's own host and port, and gives the reply line. */
function authReply(url: string): Promise<string> {
  const { hostname, port, password } = new URL(url)
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: hostname.replace(/^\[|\]$/g, ''), port: Number(port) })
    socket.once('error', reject)
    socket.once('data', (data) => {
      resolve(data.toString().split('\r\n')[0] as string)
      socket.destroy()
    })
    socket.write(`AUTH ${password}\r\n`)
  })
}

describe("the cluster's throwaway Postgres and Redis on the IPv6 loopback", () => {
  it('Redis is given as a URL with the host in brackets, which reaches it', async () => {
    const redis: RedisServer = await startRedis({ host, port: await freePort(host) })
    servers.push(redis)
    expect(new URL(redis.url).hostname).toBe('[::1]')
    expect(await authReply(redis.url)).toBe('+OK')
  })

  it('Postgres is given as a URL with the host in brackets, which reaches it', async () => {
    const postgres: PostgresServer = await startPostgres({ host, port: await freePort(host) })
    servers.push(postgres)
    expect(new URL(postgres.url).hostname).toBe('[::1]')
    const client = new pg.Client({ connectionString: postgres.url })
    await client.connect()
    try {
      expect((await client.query('SELECT 1 AS one')).rows[0]).toEqual({ one: 1 })
    } finally {
      await client.end()
    }
  }, 60_000)
})
