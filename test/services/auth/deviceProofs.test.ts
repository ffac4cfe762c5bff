import { afterEach, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../../../services/api/db/index.js'
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
