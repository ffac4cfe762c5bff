import { describe, expect, it } from 'vitest'
import type { Database } from '../../../../services/api/db/index.js'
import { ProjectStore } from '../../../../services/api/projects/index.js'
import { eachDatabase } from '../support/databases.js'
import { alice, bob, type Harness, iso, minute, refusal, siwxHarness } from './siwxHarness.js'

const nonceInvalid = { status: 401, code: 'NONCE_INVALID', message: 'Nonce is unknown, used or expired' }

const nonceFrom = (h: Harness, client: string, projectId = 'demo') =>
  h.app.request(
    `/siwx/nonce?projectId=${projectId}`,
    { method: 'POST' },
    { incoming: { socket: { remoteAddress: client } } },
  )

const rows = async (db: Database, table: string) =>
  Number((await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))?.n)

/** `nonce` with the character at `index` replaced by another alphanumeric one. */
const changedAt = (nonce: string, index: number) =>
  `${nonce.slice(0, index)}${nonce[index] === '0' ? '1' : '0'}${nonce.slice(index + 1)}`

const databases = eachDatabase()

describe.each(databases)('sign-in nonces on $name', ({ open }) => {
  it('a flood of nonces from 12,000 IPv6 /64s does not stop another client getting one and signing in', async () => {
    const h = await siwxHarness(await open())
    const flooders = Array.from({ length: 12_000 }, (_, i) => `2001:db8:${i.toString(16)}::1`)
    for (let first = 0; first < flooders.length; first += 200)
      await Promise.all(flooders.slice(first, first + 200).map((client) => nonceFrom(h, client)))
    expect((await h.post(await h.signed(alice))).status).toBe(201)
  }, 120_000)

  it('issuing a nonce stores nothing', async () => {
    const h = await siwxHarness(await open())
    for (let asked = 0; asked < 50; asked++) await h.nonce()
    expect(await rows(h.db, 'siwx_used_nonces')).toBe(0)
    expect(await rows(h.db, 'siwx_nonces')).toBe(0)
  })

  it('during a rolling deploy, accepts once a nonce the previous release issued and stored, and no nonce of that form it did not issue', async () => {
    const h = await siwxHarness(await open())
    const stored = 'AbCdEfGhIjKlMnOpQrStUvWx'
    await h.db.run(
      'INSERT INTO siwx_nonces (nonce, project_id, client_key, created_at, expires_at, used_at) VALUES (?, ?, ?, ?, ?, NULL)',
      [stored, 'demo', 'demo:198.51.100.9', h.clock.now, h.clock.now + 5 * minute],
    )
    expect((await h.post(await h.signed(alice, { nonce: stored }))).status).toBe(201)
    expect(await refusal(await h.post(await h.signed(bob, { nonce: stored })))).toEqual(nonceInvalid)
    const forged = 'ZzZzZzZzZzZzZzZzZzZzZzZz'
    expect(await refusal(await h.post(await h.signed(alice, { nonce: forged })))).toEqual(nonceInvalid)
  })

  it('refuses a nonce issued for another project', async () => {
    const h = await siwxHarness(await open())
    await new ProjectStore(h.db).create({
      id: 'other',
      name: 'Other',
      allowedOrigins: ['http://localhost:5173'],
      rateLimitPerMinute: 100_000,
    })
    const answer = await nonceFrom(h, '198.51.100.9', 'other')
    const { nonce } = (await answer.json()) as { nonce: string }
    expect(await refusal(await h.post(await h.signed(alice, { nonce })))).toEqual(nonceInvalid)
  })

  it('refuses a nonce whose expiry was edited or whose MAC was changed, without touching the database', async () => {
    const h = await siwxHarness(await open())
    const nonce = await h.nonce()
    // The random part (24), then the expiry (9 base36 digits), then the MAC.
    const edits = [changedAt(nonce, 24 + 8), changedAt(nonce, 24), changedAt(nonce, nonce.length - 1)]
    for (const edited of edits)
      expect(await refusal(await h.post(await h.signed(alice, { nonce: edited })))).toEqual(nonceInvalid)
    expect(await rows(h.db, 'siwx_used_nonces')).toBe(0)
    expect((await h.post(await h.signed(alice, { nonce }))).status).toBe(201)
  })

  it('refuses a nonce once its 5 minutes are over, and deletes used ones once they expire', async () => {
    const h = await siwxHarness(await open())
    await h.post(await h.signed(alice))
    const late = await h.nonce()
    h.clock.now += 5 * minute
    expect(
      await refusal(await h.post(await h.signed(bob, { nonce: late, issuedAt: iso(h.clock.now) }))),
    ).toEqual(nonceInvalid)
    expect((await h.post(await h.signed(bob))).status).toBe(201)
    expect(await rows(h.db, 'siwx_used_nonces')).toBe(1)
  })
})

describe.each(databases)('sign-in nonces across two apis on one $name database', ({ openShared }) => {
  it('each api accepts a nonce the other issued, once', async () => {
    const [first, second] = await openShared()
    const one = await siwxHarness(first)
    const other = await siwxHarness(second)
    const session = await other.signed(alice, { nonce: await one.nonce() })
    expect((await other.post(session)).status).toBe(201)
    expect(await refusal(await one.post(session))).toEqual(nonceInvalid)
  })

  it('of two sign-ins racing on one nonce through the two apis, exactly one wins', async () => {
    const [first, second] = await openShared()
    const one = await siwxHarness(first)
    const other = await siwxHarness(second)
    for (let round = 0; round < 5; round++) {
      const session = await one.signed(alice)
      const statuses = await Promise.all([one.post(session), other.post(session)])
      expect(statuses.map((answer) => answer.status).sort()).toEqual([201, 401])
    }
  })
})
