import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../../services/api/db/index.js'
import { ProjectStore } from '../../../services/api/projects/index.js'
import { type RunningApi, startApi } from '../../../services/api/startApi.js'
import { parseTrustedProxies, silentLogger } from '../../../services/relay/index.js'
import { type RedisServer, startRedisServer } from '../relay/support/redisServer.js'
import { type Line, memoryLogger } from './support/memoryLogger.js'
import { type PostgresServer, startPostgresServer } from './support/postgresServer.js'
import { challengeIn, loadVerifyFrame, registerFromFrame } from './support/verifyFrameClient.js'

// Two api processes of one deployment (one database, one Redis), as two in-process nodes. Their clock
// stands still a second into a minute, so no rate window ends while a test runs, however slow the machine.
const clock = { now: 1_800_000_000_000 - (1_800_000_000_000 % 60_000) + 1_000 }

let postgres: PostgresServer
let redis: RedisServer
let nodes: RunningApi[] = []

beforeAll(async () => {
  ;[postgres, redis] = await Promise.all([startPostgresServer(), startRedisServer()])
  const admin = await openDatabase(postgres.url)
  await admin.run('CREATE DATABASE shared_state')
  await admin.close()
  const database = postgres.url.replace(/\/postgres$/, '/shared_state')
  // One after the other: the first migrates the database.
  for (let index = 0; index < 2; index++)
    nodes.push(
      await startApi({
        port: 0,
        database,
        logger: silentLogger,
        indexer: false,
        now: () => clock.now,
        // The tests stand in for a balancer on loopback: its X-Forwarded-For names the client.
        trustProxy: parseTrustedProxies('127.0.0.1/32'),
        redisUrl: redis.url,
      }),
    )
  const projects = new ProjectStore(node(0).db)
  await projects.create({ id: 'limited', name: 'Limited', allowedOrigins: [], rateLimitPerMinute: 10 })
  await projects.create({ id: 'per-ip', name: 'Per IP', allowedOrigins: [], rateLimitPerMinute: 10 })
}, 60_000)

afterAll(async () => {
  for (const node of nodes) await node.close()
  nodes = []
  await redis?.stop()
  await postgres?.stop()
})

const node = (index: number): RunningApi => {
  const running = nodes[index % nodes.length]
  if (!running) throw new Error('the api nodes did not start')
  return running
}

/** The project guard's answer on node `index` to the client the balancer names `client`. */
const projectConfig = async (index: number, projectId: string, client: string) =>
  (
    await fetch(`${node(index).url}/v1/project/config?projectId=${projectId}`, {
      headers: { 'x-forwarded-for': client },
    })
  ).status

describe('api nodes sharing one Redis', () => {
  it('refuse request N+1 of a project limit of N per minute across both nodes together', async () => {
    // A client's own budget is a fifth of the project's (2 of 10): five clients spend the project's.
    const statuses: number[] = []
    for (let client = 1; client <= 5; client++)
      for (let request = 0; request < 2; request++)
        statuses.push(await projectConfig(client + request, 'limited', `198.51.100.${client}`))
    expect(statuses).toEqual(Array(10).fill(200))
    expect(await projectConfig(0, 'limited', '198.51.100.6')).toBe(429)
    expect(await projectConfig(1, 'limited', '198.51.100.7')).toBe(429)
  })

  it('give each client address its own budget, counted on every node', async () => {
    expect(await projectConfig(0, 'per-ip', '203.0.113.1')).toBe(200)
    expect(await projectConfig(1, 'per-ip', '203.0.113.1')).toBe(200)
    // Alone, each node would have let this one in: it has counted one request of this client.
    expect(await projectConfig(0, 'per-ip', '203.0.113.1')).toBe(429)
    expect(await projectConfig(1, 'per-ip', '203.0.113.1')).toBe(429)
    expect(await projectConfig(1, 'per-ip', '203.0.113.2')).toBe(200)
    expect(await projectConfig(0, 'per-ip', '203.0.113.2')).toBe(200)
    expect(await projectConfig(0, 'per-ip', '203.0.113.2')).toBe(429)
  })

  it('find through node B an attestation registered through node A, the frame served by either', async () => {
    const origin = 'https://dapp.example'
    const decryptedId = 'ab'.repeat(32)
    const request = (index: number) => (path: string, init?: RequestInit) =>
      fetch(`${node(index).url}${path}`, init)
    expect((await request(1)(`/attestation/${decryptedId}`)).status).toBe(404)
    // The frame page (and its one-time challenge) from node B, its registration through node A.
    const page = await loadVerifyFrame(request(1), origin)
    expect(page.status).toBe(200)
    const challenge = challengeIn(await page.text())
    const registered = await registerFromFrame(request(0), { challenge, decryptedId })
    expect(registered.status).toBe(200)
    for (const index of [0, 1]) {
      const lookup = await request(index)(`/attestation/${decryptedId}?v2Supported=true`)
      expect(lookup.status).toBe(200)
      expect(await lookup.json()).toEqual({ origin, isScam: false })
    }
    // The challenge was spent through node A: node B does not take it again.
    expect((await registerFromFrame(request(1), { challenge, decryptedId })).status).toBe(403)
  })
})

describe('an api process on PostgreSQL without Redis', () => {
  it('warns at start that its rate limits are its own, once; with Redis it does not', async () => {
    const started = async (redisUrl?: string) => {
      const lines: Line[] = []
      const api = await startApi({
        port: 0,
        database: postgres.url.replace(/\/postgres$/, '/shared_state'),
        logger: { ...memoryLogger(lines), debug() {} },
        indexer: false,
        ...(redisUrl ? { redisUrl } : {}),
      })
      await api.close()
      return lines.filter((line) => line.level === 'warn' && line.event.includes('--redis'))
    }
    expect(await started()).toEqual([
      {
        level: 'warn',
        event:
          'api: PostgreSQL without --redis keeps rate limits in this process; give every process of the deployment the same --redis',
      },
    ])
    expect(await started(redis.url)).toEqual([])
  })
})
