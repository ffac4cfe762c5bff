import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../../services/api/db/index.js'
import { type RunningAuth, startAuth } from '../../../services/auth/index.js'
import { proofHeaders } from '../../../services/auth/protocol/index.js'
import { RedisReplayGuard } from '../../../services/auth/redisReplayGuard.js'
import { silentLogger } from '../../../services/relay/index.js'
import { type OpenSharedState, openRedisSharedState } from '../../../services/sharedState/index.js'
import { type RedisServer, startRedisServer } from '../relay/support/redisServer.js'
import { authHarness, hostOrigin, newDevice, projectId, startBody } from './authHarness.js'

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

describe('the Redis proof replay guard', () => {
  it('answers fresh once over every auth process, replay after, and keeps a key only while it could pass', async () => {
    if (shared.state.kind !== 'redis') throw new Error('the shared state is not Redis')
    const { redis: client, prefix } = shared.state
    const [nodeA, nodeB] = [
      new RedisReplayGuard(client, prefix, 120_000),
      new RedisReplayGuard(client, prefix, 120_000),
    ]
    expect(await nodeA.remember('r-half')).toBe('fresh')
    expect(await nodeB.remember('r-half')).toBe('replay')
    expect(await nodeA.remember('r-half')).toBe('replay')
    expect(await nodeB.remember('another')).toBe('fresh')
    const ttl = await client.pttl('test:auth-replays:r-half')
    expect(ttl).toBeGreaterThan(0)
    expect(ttl).toBeLessThanOrEqual(120_000)
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
})
