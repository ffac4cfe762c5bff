import { describe, expect, it } from 'vitest'
import { migrate } from '../../services/api/db/index.js'
import { siwxLimits, siwxMigrations } from '../../services/api/siwx/index.js'
import { hashHolderId } from '../../services/api/siwx/randomIds.js'
import { SiwxSessionStore } from '../../services/api/siwx/sessionStore.js'
import {
  alice,
  cookieOf,
  type Harness,
  minute,
  origin,
  refusal,
  siwxHarness,
} from '../services/api/siwx/siwxHarness.js'
import { burst, passed } from '../services/api/support/burst.js'
import { eachDatabase } from '../services/api/support/databases.js'

const day = 24 * 60 * minute

/** A sign-in by `client` (its IP), without a cookie unless `headers` carry one: each makes a holder. */
const signInFrom = async (
  h: Harness,
  client: string,
  { method = 'POST', query = '', headers = {} }: { method?: string; query?: string; headers?: object } = {},
) => {
  const session = await h.signed(alice)
  return h.app.request(
    `/siwx/sessions?projectId=demo${query}`,
    {
      method,
      headers: { origin, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(method === 'PUT' ? [session] : session),
    },
    { incoming: { socket: { remoteAddress: client } } },
  )
}

describe.each(eachDatabase())('SIWX holders are capped per client, on $name', ({ open }) => {
  it('refuses a client its next new holder past its cap with 429 until its first one expires', async () => {
    const h = await siwxHarness(await open(), { holdersPerClient: 3 })
    for (let made = 0; made < 3; made++) {
      expect((await signInFrom(h, '203.0.113.7')).status).toBe(201)
      h.clock.now += minute
    }
    const refused = await signInFrom(h, '203.0.113.7')
    expect(await refusal(refused)).toMatchObject({ status: 429, code: 'RATE_LIMITED' })
    expect(Number(refused.headers.get('retry-after'))).toBe((7 * day - 3 * minute) / 1000)
    expect((await signInFrom(h, '203.0.113.7', { method: 'PUT' })).status).toBe(429)
    expect((await signInFrom(h, '203.0.113.7', { query: '&auth=bearer' })).status).toBe(429)
    expect(await h.db.get('SELECT COUNT(*) AS count FROM siwx_holders')).toEqual({ count: 3 })

    h.clock.now += 7 * day - 3 * minute
    expect((await signInFrom(h, '203.0.113.7')).status).toBe(201)
  })

  it('leaves another client, and the capped client’s own cookie, signing in', async () => {
    const h = await siwxHarness(await open(), { holdersPerClient: 2 })
    const cookie = cookieOf(await signInFrom(h, '203.0.113.7'))
    expect((await signInFrom(h, '203.0.113.7')).status).toBe(201)
    expect((await signInFrom(h, '203.0.113.7')).status).toBe(429)

    expect((await signInFrom(h, '198.51.100.9')).status).toBe(201)
    expect((await signInFrom(h, '203.0.113.7', { headers: { cookie } })).status).toBe(201)
  })

  it('frees a place when one of the client’s holders signs out', async () => {
    const h = await siwxHarness(await open(), { holdersPerClient: 1 })
    const cookie = cookieOf(await signInFrom(h, '203.0.113.7'))
    expect((await signInFrom(h, '203.0.113.7')).status).toBe(429)
    await h.call('/siwx/sign-out?projectId=demo', { method: 'POST', headers: { cookie } })
    expect((await signInFrom(h, '203.0.113.7')).status).toBe(201)
  })

  it('counts an IPv6 client by its /64', async () => {
    const h = await siwxHarness(await open(), { holdersPerClient: 3 })
    for (let host = 1; host <= 3; host++)
      expect((await signInFrom(h, `2001:db8:1:2::${host}`)).status).toBe(201)
    expect((await signInFrom(h, '2001:db8:1:2:ffff::1')).status).toBe(429)
    expect((await signInFrom(h, '2001:db8:1:3::1')).status).toBe(201)
  })

  it('keeps the cap when one client makes holders simultaneously', async () => {
    const db = await open()
    await migrate(db, [siwxMigrations])
    const store = new SiwxSessionStore(db)
    const now = Date.now()
    const results = await burst(db, 12, (index) =>
      store.createHolder(
        { hash: hashHolderId(`holder-${index}`), kind: 'cookie', expiresAt: now + day },
        'demo 203.0.113.7',
        3,
        now,
      ),
    )
    expect(passed(results).filter(Boolean)).toHaveLength(3)
  })

  it('documents a cap that bounds the sessions one client keeps to a few thousand', () => {
    expect(siwxLimits.holdersPerClient).toBe(100)
    expect(siwxLimits.holdersPerClient * siwxLimits.sessionsPerHolder).toBeLessThanOrEqual(3_200)
  })
})
