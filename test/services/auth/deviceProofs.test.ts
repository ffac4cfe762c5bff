import { afterEach, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../../../services/api/db/index.js'
import { parseTrustedProxies } from '../../../services/kit/index.js'
import { type AuthHarness, authHarness, newDevice, startBody } from './authHarness.js'

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
    const harness = h
    // Each email/start signs with a fresh key the server never saw: no account, no code needed.
    const start = async (email: string, from: string) => {
      const device = await newDevice()
      return harness.call('/auth/v1/email/start', {
        body: { projectId: 'demo', hostOrigin: 'http://localhost:5173', ...startBody(email, device) },
        device,
        headers: { 'x-forwarded-for': from },
      })
    }
    const flood = []
    for (let index = 0; index < 4; index++)
      flood.push((await start(`s${index}@example.com`, '203.0.113.7')).status)
    expect(flood).toEqual([200, 200, 429, 429])
    const victim = await start('alice@example.com', '198.51.100.9')
    expect(victim.status).toBe(200)
    expect(await victim.json()).toMatchObject({ action: 'VERIFY_OTP' })
  })
})
