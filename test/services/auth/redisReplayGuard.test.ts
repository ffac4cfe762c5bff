import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../../services/api/db/index.js'
import { type RunningAuth, startAuth } from '../../../services/auth/index.js'
import { proofHeaders } from '../../../services/auth/protocol/index.js'
import { RedisReplayGuard } from '../../../services/auth/redisReplayGuard.js'
import { parseTrustedProxies } from '../../../services/kit/index.js'
import { silentLogger } from '../../../services/relay/index.js'
import { type OpenSharedState, openRedisSharedState } from '../../../services/sharedState/index.js'
import { type RedisServer, startRedisServer } from '../relay/support/redisServer.js'
import { authHarness, hostOrigin, newDevice, projectId, startBody, strangerFlood } from './authHarness.js'

let redis: RedisServer
let shared: OpenSharedState

beforeAll(async () => {
  redis = await startRedisServer()
  shared = await openRedisSharedState(redis.url, silentLogger, 'test:')
})
afterAll(async () => {
  await shared?.close()
  await redis?.stop()
})

/** One auth process's guard over the shared Redis, keeping each proof 2 minutes, `perClient` live per client. */
function guardOf(perClient: number): RedisReplayGuard {
  if (shared.state.kind !== 'redis') throw new Error('the shared state is not Redis')
  return new RedisReplayGuard(shared.state.redis, shared.state.prefix, 120_000, perClient)
}

describe('the Redis proof replay guard', () => {
  it('answers fresh once over every auth process, replay after, and keeps a key only while it could pass', async () => {
    const [nodeA, nodeB] = [guardOf(10), guardOf(10)]
    expect(await nodeA.remember('r-half', 0, 'client')).toBe('fresh')
    expect(await nodeB.remember('r-half', 1, 'client')).toBe('replay')
    expect(await nodeA.remember('r-half', 2, 'client')).toBe('replay')
    expect(await nodeB.remember('another', 3, 'client')).toBe('fresh')
    if (shared.state.kind !== 'redis') throw new Error('the shared state is not Redis')
    const ttl = await shared.state.redis.pttl('test:auth-replays:r-half')
    expect(ttl).toBeGreaterThan(0)
    expect(ttl).toBeLessThanOrEqual(120_000)
  })

  it('refuses a client past its own share over every auth process, while another client still finds room', async () => {
    const [nodeA, nodeB] = [guardOf(2), guardOf(2)]
    expect(await nodeA.remember('s1', 0, 'stranger')).toBe('fresh')
    expect(await nodeB.remember('s2', 0, 'stranger')).toBe('fresh')
    expect(await nodeA.remember('s3', 0, 'stranger')).toBe('clientFull')
    expect(await nodeB.remember('v1', 1, 'victim')).toBe('fresh')
    expect(await nodeA.remember('s1', 2, 'victim')).toBe('replay')
    // The stranger's places free as its entries pass the clock check.
    expect(await nodeB.remember('s3', 120_000, 'stranger')).toBe('fresh')
  })
})

describe('auth processes sharing one Redis', () => {
  it('refuse on one process a signed request another already took: a replay across processes', async () => {
    const db = await openDatabase(':memory:')
    const h = await authHarness(db, {}, { redisUrl: redis.url })
    let other: RunningAuth | undefined
    try {
      other = await startAuth({
        db,
        port: 0,
        mailer: h.mailer,
        kek: h.kek,
        now: () => h.clock.now,
        logger: silentLogger,
        redisUrl: redis.url,
      })
      const path = '/auth/v1/email/start'
      const device = await newDevice()
      const text = JSON.stringify({ projectId, hostOrigin, ...startBody('alice@example.com', device) })
      const headers = {
        'content-type': 'application/json',
        ...(await proofHeaders(device, { method: 'POST', path, body: text, now: h.clock.now })),
      }
      const send = (url: string) => fetch(`${url}${path}`, { method: 'POST', headers, body: text })
      expect((await send(h.auth.url)).status).toBe(200)
      const replayed = await send(other.url)
      expect(replayed.status).toBe(401)
      expect(await replayed.json()).toMatchObject({ code: 'PROOF_INVALID' })
    } finally {
      await other?.close()
      await h.auth.close()
      await db.close()
    }
  })

  it("a stranger's flood of proofs by keys it made up fills its own share in Redis too: past it that client alone gets 429", async () => {
    const db = await openDatabase(':memory:')
    const h = await authHarness(
      db,
      { replayEntriesPerClient: 2 },
      { redisUrl: redis.url, trustProxy: parseTrustedProxies('127.0.0.1/32') },
    )
    try {
      const { flood, other } = await strangerFlood(h)
      expect(flood).toEqual([200, 200, 429, 429])
      expect(other.status).toBe(200)
      expect(await other.json()).toMatchObject({ action: 'VERIFY_OTP' })
    } finally {
      await h.auth.close()
      await db.close()
    }
  })
})
