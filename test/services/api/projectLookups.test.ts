import type { Hono } from 'hono'
import { beforeEach, describe, expect, it } from 'vitest'
import { createApiApp } from '../../../services/api/app.js'
import { migrate } from '../../../services/api/db/index.js'
import {
  ProjectStore,
  projectMigrations,
  UNKNOWN_PROJECT_LOOKUPS_PER_MINUTE,
} from '../../../services/api/projects/index.js'
import { silentLogger } from '../../../services/relay/index.js'
import { countingReads } from './support/countingReads.js'
import { eachDatabase } from './support/databases.js'

const [sqlite] = eachDatabase()
const budget = UNKNOWN_PROJECT_LOOKUPS_PER_MINUTE
const origin = 'https://shop.example'

describe('lookups of unknown projects', () => {
  let reads: () => number
  let clock: number
  let app: Hono
  let unknownIds: number

  const open = async (projectCache?: { cacheMs: number }) => {
    const plain = await (sqlite?.open() ?? Promise.reject(new Error('no sqlite')))
    await migrate(plain, [projectMigrations])
    await new ProjectStore(plain).create({ id: 'shop', name: 'Shop', allowedOrigins: [origin] })
    const counting = countingReads(plain)
    reads = counting.reads
    app = createApiApp({
      db: counting.db,
      adminToken: 'a'.repeat(64),
      logger: silentLogger,
      now: () => clock,
      projectCache,
    }).hono
  }
  const from = (address: string, projectId: string, init: RequestInit = {}) =>
    app.request(`/v1/project/config?projectId=${projectId}`, init, {
      incoming: { socket: { remoteAddress: address } },
    })
  const preflight = (address: string, projectId: string) =>
    from(address, projectId, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'GET' },
    })
  const randomId = () => `random-${unknownIds++}`

  beforeEach(() => {
    clock = 1_700_000_000_000
    unknownIds = 0
  })

  it("refuses a client's lookups past its budget with 429 and no database read; others are unaffected", async () => {
    await open()
    // One client: every address of its /64.
    for (let i = 0; i < budget; i++) expect((await from(`2001:db8::${i + 1}`, randomId())).status).toBe(401)
    expect(reads()).toBe(budget)
    const refused = await from('2001:db8::ffff', randomId())
    expect(refused.status).toBe(429)
    expect(await refused.json()).toEqual({ code: 'RATE_LIMITED', message: 'Rate Limited' })
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    // Not even a real project the store does not remember is read for it.
    expect((await from('2001:db8::1', 'shop')).status).toBe(429)
    for (let i = 0; i < 10; i++) expect((await from('2001:db8::1', randomId())).status).toBe(429)
    expect(reads()).toBe(budget)

    expect((await from('192.0.2.7', randomId())).status).toBe(401)
    expect((await from('192.0.2.7', 'shop')).status).toBe(200)
    expect(reads()).toBe(budget + 2)
    // What the store remembers is answered to anyone; a fresh window gives the client its budget again.
    expect((await from('2001:db8::1', 'shop')).status).toBe(200)
    clock += 60_000
    expect((await from('2001:db8::1', randomId())).status).toBe(401)
  })

  it('never spends the budget of a client that only names a real project', async () => {
    // Nothing cached: every request of the client reads the table.
    await open({ cacheMs: 0 })
    for (let i = 0; i < budget + 40; i++) expect((await from('192.0.2.1', 'shop')).status).toBe(200)
    expect(reads()).toBe(budget + 40)
    for (let i = 0; i < budget; i++) expect((await from('192.0.2.1', randomId())).status).toBe(401)
    expect((await from('192.0.2.1', randomId())).status).toBe(429)
  })

  it('counts CORS preflights: past the budget they are answered as for a project not allowed, unread', async () => {
    await open()
    for (let i = 0; i < budget; i++) {
      const answer = await preflight('192.0.2.1', randomId())
      expect(answer.status).toBe(204)
      expect(answer.headers.get('access-control-allow-origin')).toBeNull()
    }
    expect(reads()).toBe(budget)
    const shop = await preflight('192.0.2.1', 'shop')
    expect(shop.status).toBe(204)
    expect(shop.headers.get('access-control-allow-origin')).toBeNull()
    expect(reads()).toBe(budget)
    expect((await from('192.0.2.1', randomId())).status).toBe(429)
    expect(reads()).toBe(budget)

    const other = await preflight('192.0.2.2', 'shop')
    expect(other.headers.get('access-control-allow-origin')).toBe(origin)
    expect((await preflight('192.0.2.1', 'shop')).headers.get('access-control-allow-origin')).toBe(origin)
  })

  it('keeps known projects remembered however many unknown ids are looked up', async () => {
    const plain = await (sqlite?.open() ?? Promise.reject(new Error('no sqlite')))
    await migrate(plain, [projectMigrations])
    const counting = countingReads(plain)
    const store = new ProjectStore(counting.db, { now: () => clock, maxCached: 10 })
    await store.create({ id: 'shop', name: 'Shop' })
    await store.find('shop')
    for (let i = 0; i < 100; i++) await store.find(randomId())
    expect(store.remembered('shop')?.project?.id).toBe('shop')
    expect(store.remembered('random-99')).toEqual({ project: undefined })
    expect(counting.reads()).toBe(101)
  })
})

describe.each(eachDatabase())('ids no project can have, on $name', ({ open }) => {
  it('are answered 401 without a read and without spending the budget (PostgreSQL fails a lookup of U+0000)', async () => {
    const plain = await open()
    await migrate(plain, [projectMigrations])
    await new ProjectStore(plain).create({ id: 'shop', name: 'Shop' })
    const counting = countingReads(plain)
    const app = createApiApp({ db: counting.db, adminToken: 'a'.repeat(64), logger: silentLogger }).hono
    const get = (projectId: string) =>
      app.request(`/v1/project/config?projectId=${encodeURIComponent(projectId)}`, undefined, {
        incoming: { socket: { remoteAddress: '192.0.2.9' } },
      })
    for (let i = 0; i <= budget; i++)
      for (const id of ['shop\u0000', 'a b', 'x'.repeat(65), 'é'])
        expect((await get(id)).status, JSON.stringify(id)).toBe(401)
    expect(counting.reads()).toBe(0)
    expect((await get('shop')).status).toBe(200)
  })
})
