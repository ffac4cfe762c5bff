import { createConnection } from 'node:net'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type PostgresServer, startPostgres } from '../../../services/cluster/postgresServer.js'
import { type RedisServer, startRedis } from '../../../services/cluster/redisServer.js'
import { freePort } from '../../support/ports.js'
import { processesMatching } from '../../support/processes.js'

// The throwaway Postgres and Redis `pairwise cluster` starts: another local user reaches their loopback
// ports, so each asks for the password made at its start, and no process shows that password.

let postgres: PostgresServer
let redis: RedisServer

beforeAll(async () => {
  ;[postgres, redis] = await Promise.all([
    startPostgres({ port: await freePort() }),
    startRedis({ port: await freePort() }),
  ])
}, 60_000)

afterAll(async () => {
  await Promise.all([postgres?.stop(), redis?.stop()])
})

async function queryAs(url: string): Promise<unknown> {
  const client = new pg.Client({ connectionString: url })
  try {
    await client.connect()
    return (await client.query('SELECT 1 AS one')).rows[0]
  } finally {
    await client.end().catch(() => undefined)
  }
}

/** Sends one inline command over a bare connection, as any local user can, and gives the first reply line. */
function redisReply(url: string, command: string): Promise<string> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: hostname, port: Number(port) })
    socket.once('error', reject)
    socket.once('data', (data) => {
      resolve(data.toString().split('\r\n')[0] as string)
      socket.destroy()
    })
    socket.write(`${command}\r\n`)
  })
}

describe("the cluster's throwaway Postgres and Redis", () => {
  it('Postgres refuses the superuser without its password, or with another, and serves it with its own', async () => {
    const url = new URL(postgres.url)
    expect(url.password).toMatch(/^[0-9a-f]{64}$/)
    url.password = 'guessed'
    await expect(queryAs(url.href)).rejects.toThrow(/password authentication failed/)
    url.password = ''
    await expect(queryAs(url.href)).rejects.toThrow(/password/)
    expect(await queryAs(postgres.url)).toEqual({ one: 1 })
  })

  it('Redis refuses every command before AUTH, and takes its own password only', async () => {
    const { password } = new URL(redis.url)
    expect(password).toMatch(/^[0-9a-f]{64}$/)
    expect(await redisReply(redis.url, 'HSET pairwise:forged origin https://app.uniswap.org')).toMatch(
      /^-NOAUTH/,
    )
    expect(await redisReply(redis.url, 'AUTH guessed')).toMatch(/^-WRONGPASS/)
    expect(await redisReply(redis.url, `AUTH ${password}`)).toBe('+OK')
  })

  it('neither password is on any command line', () => {
    for (const url of [postgres.url, redis.url]) expect(processesMatching(new URL(url).password)).toEqual([])
  })
})
