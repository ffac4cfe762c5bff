import { Hono } from 'hono'
import { afterEach, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../../../services/api/db/index.js'
import { DeviceProofs } from '../../../services/auth/deviceProofs.js'
import { createDeviceKeys, proofHeaders } from '../../../services/auth/protocol/deviceProof.js'
import { parseTrustedProxies } from '../../../services/kit/index.js'
import { type AuthHarness, authHarness, strangerFlood } from './authHarness.js'

let db: Database | undefined
let h: AuthHarness | undefined

afterEach(async () => {
  await h?.auth.close()
  await db?.close()
})

describe('device proofs remembered against replay', () => {
  it("a stranger's flood of proofs by keys it made up fills its own share, never the cache every client shares", async () => {
    db = await openDatabase(':memory:')
    h = await authHarness(
      db,
      { replayCacheEntries: 4, replayEntriesPerClient: 2 },
      { trustProxy: parseTrustedProxies('127.0.0.1/32') },
    )
    const { flood, other } = await strangerFlood(h)
    expect(flood).toEqual([200, 200, 429, 429])
    expect(other.status).toBe(200)
    expect(await other.json()).toMatchObject({ action: 'VERIFY_OTP' })
  })
})

describe('device proofs within the clock skew', () => {
  it('are refused as replays for as long as their timestamp would still pass the skew check', async () => {
    const skew = 60_000
    let now = 1_000_000
    const proofs = new DeviceProofs(
      { proofSkewMs: skew, replayCacheEntries: 10, replayEntriesPerClient: 10 },
      () => now,
      () => '203.0.113.9',
    )
    const keys = await createDeviceKeys()
    const app = new Hono().post('/auth/v1/wallet', async (c) => {
      const raw = new Uint8Array(await c.req.arrayBuffer())
      await proofs.check(c, raw, keys.signingKey)
      return c.text('ok')
    })
    app.onError((error) => new Response(error.message, { status: 401 }))
    const body = '{"projectId":"p"}'
    // Made by a device whose clock runs a full skew ahead: first seen at the earliest the check allows it.
    const headers = await proofHeaders(keys, {
      method: 'POST',
      path: '/auth/v1/wallet',
      body,
      now: now + skew,
    })
    const send = () => app.request('/auth/v1/wallet', { method: 'POST', headers, body })
    expect((await send()).status).toBe(200)
    now += 2 * skew
    const replayed = await send()
    expect(replayed.status).toBe(401)
    expect(await replayed.text()).toBe('Invalid device proof')
  })
})
