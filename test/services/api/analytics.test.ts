import { createHash } from 'node:crypto'
import { Hono } from 'hono'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import {
  AnalyticsStore,
  analyticsMigrations,
  analyticsRoutes,
  defaultDailyRowCap,
} from '../../../services/api/analytics/index.js'
import type { AnalyticsEvent } from '../../../services/api/analytics/schema.js'
import { type Database, migrate, type SqlValue } from '../../../services/api/db/index.js'
import { ApiError, invalidKey } from '../../../services/api/http/apiError.js'
import type { ApiLogger, Project } from '../../../services/api/http/types.js'
import { eachDatabase } from './support/databases.js'
import { testProject } from './support/routeHarness.js'

const adminToken = 'admin-secret-token'
const day = 86_400_000
const start = Date.UTC(2026, 10, 24, 12)
const chromeUa =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36'

// The harness's project (activity on, every other feature off) under the demo's id and origin.
const project: Project = {
  ...testProject,
  id: 'demo',
  name: 'Demo',
  allowedOrigins: ['http://127.0.0.1:5173'],
}

const silent: ApiLogger = { info() {}, warn() {}, error() {} }

/** The routes in a tiny app with a project guard that knows one project, as api-core's does. */
function appOver(db: Database, clock: { now: number }, dailyRowCap?: number): Hono {
  const app = new Hono()
  app.route(
    '/',
    analyticsRoutes({
      db,
      logger: silent,
      now: () => clock.now,
      adminToken,
      // Every request here is one client's, whose share is left above a capped day: the project's cap is
      // what these tests meet.
      ...(dailyRowCap === undefined ? {} : { dailyRowCap, eventsPerClientPerDay: 2 * dailyRowCap }),
      project: async (request) => {
        if (request.query('projectId') !== project.id) throw invalidKey()
        return project
      },
    }),
  )
  app.onError((error, c) =>
    error instanceof ApiError
      ? c.json(error.toJSON(), error.status)
      : c.json({ code: 'SERVER_ERROR', message: 'Server Error' }, 500),
  )
  return app
}

type Statement = { sql: string; params: readonly SqlValue[] }

/** `db` whose DELETE statements, recorded, wait until `release()`: what runs before a retention delete ends. */
function heldDeletes(db: Database): {
  db: Database
  release: () => void
  deletes: () => number
  statements: Statement[]
} {
  let release = () => {}
  const gate = new Promise<void>((resolve) => {
    release = resolve
  })
  const statements: Statement[] = []
  const held = new Proxy(db, {
    get(target, name, receiver) {
      if (name !== 'run') return Reflect.get(target, name, receiver)
      return async (sql: string, params: readonly SqlValue[] = []) => {
        if (sql.trimStart().startsWith('DELETE')) {
          statements.push({ sql, params })
          await gate
        }
        return target.run(sql, params)
      }
    },
  })
  return { db: held, release, deletes: () => statements.length, statements }
}

const event = (over: Record<string, unknown> = {}) => ({
  type: 'event',
  name: 'MODAL_OPEN',
  path: '/',
  properties: {},
  at: start,
  ...over,
})

const post = (app: Hono, body: unknown, headers: Record<string, string> = {}) =>
  app.request('/v1/analytics/events?projectId=demo', {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': chromeUa, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })

const stats = (app: Hono, query = 'projectId=demo&days=2', token = adminToken) =>
  app.request(`/v1/analytics/stats?${query}`, { headers: { authorization: `Bearer ${token}` } })

describe.each(eachDatabase())('analytics on $name', ({ name, open }) => {
  let db: Database
  let clock: { now: number }
  let app: Hono
  beforeEach(async () => {
    db = await open()
    await migrate(db, [analyticsMigrations])
    clock = { now: start }
    app = appOver(db, clock)
  })

  it('stores of each event only its day, kind and connected wallet name (no IP, user agent, path, name, time or properties)', async () => {
    const response = await post(
      app,
      {
        events: [
          event({ type: 'pageview', name: 'pageview', path: '/swap?ref=secret#x' }),
          event({ name: 'CONNECT_SUCCESS', properties: { name: 'Test Wallet', method: 'injected' } }),
        ],
      },
      { 'x-forwarded-for': '203.0.113.9', 'x-real-ip': '203.0.113.9' },
    )
    expect(response.status).toBe(204)
    const rows = await db.all('SELECT * FROM analytics_events ORDER BY kind')
    const today = Math.floor(start / day)
    expect(rows).toEqual([
      { id: expect.any(String), project_id: 'demo', day: today, kind: 'connect', label: 'Test Wallet' },
      { id: expect.any(String), project_id: 'demo', day: today, kind: 'view', label: null },
    ])
  })

  it('migrates rows stored with every event field to the day, kind and wallet name alone', async () => {
    const old = await open()
    await migrate(old, [{ ...analyticsMigrations, steps: analyticsMigrations.steps.slice(0, 1) }])
    await old.run(
      `INSERT INTO analytics_events (id, project_id, day, at, type, kind, name, path, label, properties, browser, device)
       VALUES ('e1', 'demo', 1, 2, 'event', 'connect', 'CONNECT_SUCCESS', '/swap', 'Test Wallet', '{"method":"injected"}', 'chrome', 'desktop')`,
    )
    await migrate(old, [analyticsMigrations])
    expect(await old.all('SELECT * FROM analytics_events')).toEqual([
      { id: 'e1', project_id: 'demo', day: 1, kind: 'connect', label: 'Test Wallet' },
    ])
  })

  it.each([
    ['more than 50 events', { events: Array.from({ length: 51 }, () => event()) }, 'events'],
    ['an empty batch', { events: [] }, 'events'],
    ['a name over 64 characters', { events: [event({ name: 'E'.repeat(65) })] }, 'events.0.name'],
    ['a path over 512 characters', { events: [event({ path: `/${'p'.repeat(512)}` })] }, 'events.0.path'],
    ['a path not starting with /', { events: [event({ path: 'https://x.test/' })] }, 'events.0.path'],
    [
      'more than 16 properties',
      {
        events: [
          event({ properties: Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`k${i}`, i])) }),
        ],
      },
      'events.0.properties',
    ],
    [
      'a nested property',
      { events: [event({ properties: { deep: { a: 1 } } })] },
      'events.0.properties.deep',
    ],
    [
      'a property value over 256 characters',
      { events: [event({ properties: { v: 'x'.repeat(257) } })] },
      'events.0.properties.v',
    ],
    // PostgreSQL's TEXT cannot hold U+0000: stored, it failed the insert with a 500.
    ['a name holding U+0000', { events: [event({ name: 'MODAL\u0000OPEN' })] }, 'events.0.name'],
    ['a path holding U+0000', { events: [event({ path: '/a\u0000b' })] }, 'events.0.path'],
    [
      'a wallet name holding U+0000',
      { events: [event({ name: 'CONNECT_SUCCESS', properties: { name: 'Wallet\u0000' } })] },
      'events.0.properties.name',
    ],
    ['an unknown type', { events: [event({ type: 'identify' })] }, 'events.0.type'],
    ['an unknown field', { events: [event({ ip: '1.2.3.4' })] }, 'events.0'],
    ['a bare array', [event()], 'body'],
  ])('answers 400 INVALID_REQUEST to %s, storing nothing', async (_name, body, field) => {
    const response = await post(app, body)
    expect(response.status).toBe(400)
    const error = (await response.json()) as { code: string; message: string }
    expect(error.code).toBe('INVALID_REQUEST')
    expect(error.message.startsWith(`${field}:`)).toBe(true)
    expect(await db.all('SELECT id FROM analytics_events')).toEqual([])
  })

  it('answers 400 to a body that is not JSON and 413 to one over 32 KiB', async () => {
    expect((await post(app, '{not json')).status).toBe(400)
    const big = await post(app, JSON.stringify({ events: [event({ name: 'x'.repeat(33 * 1024) })] }))
    expect(big.status).toBe(413)
    expect(await big.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'body: larger than 32768 bytes' })
  })

  it('answers the project guard’s error and stores nothing for an unknown project', async () => {
    const response = await app.request('/v1/analytics/events?projectId=nope', {
      method: 'POST',
      body: JSON.stringify({ events: [event()] }),
    })
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ code: 'INVALID_KEY', message: 'Unauthorized: invalid key' })
    expect(await db.all('SELECT id FROM analytics_events')).toEqual([])
  })

  it('stores at most the daily row cap per project and day, counting the rest as dropped', async () => {
    const capped = appOver(db, clock, 3)
    expect((await post(capped, { events: [event(), event()] })).status).toBe(204)
    expect((await post(capped, { events: [event(), event(), event()] })).status).toBe(204)
    expect(await db.get('SELECT COUNT(*) AS n FROM analytics_events')).toEqual({ n: 3 })
    clock.now += day
    expect((await post(capped, { events: [event()] })).status).toBe(204)
    const body = (await (await stats(capped)).json()) as { dropped: { count: number }[] }
    expect(body.dropped.map((d) => d.count)).toEqual([2, 0])
    expect(await db.get('SELECT COUNT(*) AS n FROM analytics_events')).toEqual({ n: 4 })
  })

  it('deletes a project’s events and day counts once they are older than the longest stats window', async () => {
    const capped = appOver(db, clock, 1)
    const other = { ...project, id: 'other' }
    const otherApp = new Hono().route(
      '/',
      analyticsRoutes({ db, logger: silent, now: () => clock.now, adminToken, project: async () => other }),
    )
    await post(capped, { events: [event(), event()] })
    await post(otherApp, { events: [event()] })
    clock.now += day
    await post(capped, { events: [event()] })
    // 90 days after the first: that day has left the 90-day window, the next one is its oldest day.
    clock.now = start + 90 * day
    expect((await post(capped, { events: [event()] })).status).toBe(204)
    const days = async (table: string, projectId: string) =>
      (
        await db.all<{ day: number }>(`SELECT day FROM ${table} WHERE project_id = ? ORDER BY day`, [
          projectId,
        ])
      ).map((row) => Number(row.day) - Math.floor(start / day))
    // The delete runs after the batch is answered.
    await vi.waitFor(async () => expect(await days('analytics_events', 'demo')).toEqual([1, 90]))
    await vi.waitFor(async () => expect(await days('analytics_days', 'demo')).toEqual([1, 90]))
    // Another project's rows go with its own next batch, not with this one's.
    expect(await days('analytics_events', 'other')).toEqual([0])
    const body = (await (await stats(capped, 'projectId=demo&days=90')).json()) as {
      dropped: { count: number }[]
    }
    expect(body.dropped.reduce((sum, d) => sum + d.count, 0)).toBe(0)
  })

  it('answers the first batch of a day before its expired backlog is deleted, then deletes all of it', async () => {
    await post(app, { events: [event(), event(), event()] })
    clock.now = start + 91 * day
    const held = heldDeletes(db)
    expect((await post(appOver(held.db, clock), { events: [event()] })).status).toBe(204)
    const expired = () =>
      db.get<{ n: number }>('SELECT COUNT(*) AS n FROM analytics_events WHERE day < ?', [
        Math.floor(clock.now / day) - 89,
      ])
    expect(held.deletes()).toBe(1)
    expect(Number((await expired())?.n)).toBe(3)
    held.release()
    await vi.waitFor(async () => expect(Number((await expired())?.n)).toBe(0))
  })

  it('deletes a backlog larger than a retention chunk in chunks until none of it is left', async () => {
    const chunk = 10
    const store = new AnalyticsStore(db, defaultDailyRowCap, chunk)
    const view: AnalyticsEvent = { type: 'pageview', name: 'pageview', path: '/', properties: {}, at: start }
    await store.record(
      'demo',
      Array.from({ length: 25 }, () => view),
      start,
    )
    await store.record('demo', [view], start + 89 * day)
    const held = heldDeletes(db)
    held.release()
    await new AnalyticsStore(held.db, defaultDailyRowCap, chunk).forgetExpired('demo', start + 90 * day)
    expect(await db.all('SELECT day FROM analytics_events')).toEqual([{ day: Math.floor(start / day) + 89 }])
    // Three chunks of events (10, 10, 5) and one of day counts.
    expect(held.deletes()).toBe(4)
  })

  it.runIf(name === 'sqlite')(
    "deletes each retention chunk by key, its cost that of the chunk and not of all the project's rows",
    async () => {
      const held = heldDeletes(db)
      held.release()
      await new AnalyticsStore(held.db).forgetExpired('demo', start + 90 * day)
      expect(held.statements).toHaveLength(2)
      for (const { sql, params } of held.statements) {
        const plan = await db.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`, params)
        // Each row the delete visits is looked up by its whole key: none is a walk of the project's rows.
        expect(
          plan.map((step) => step.detail).filter((step) => /^SCAN|\(project_id=\?\)$/.test(step)),
          sql,
        ).toEqual([])
      }
    },
  )

  it.each([
    ['U+0000', 'nul%00'],
    ['a character no project id has', 'demo%20x'],
    ['more than 64 characters', 'p'.repeat(65)],
  ])('stats answer 400 naming projectId, not a 500, to an id holding %s', async (_what, projectId) => {
    const response = await stats(app, `projectId=${projectId}`)
    expect(response.status).toBe(400)
    const error = (await response.json()) as { code: string; message: string }
    expect(error.code).toBe('INVALID_REQUEST')
    expect(error.message.startsWith('projectId:')).toBe(true)
  })

  it('stats need the admin token (401 otherwise) and count views, connects per wallet and errors per day', async () => {
    await post(app, {
      events: [
        event({ type: 'pageview', name: 'pageview', path: '/' }),
        event({ name: 'CONNECT_SUCCESS', properties: { name: 'Test Wallet' } }),
        event({ name: 'CONNECT_ERROR', properties: { message: 'User rejected' } }),
      ],
    })
    clock.now += day
    await post(app, {
      events: [
        event({ type: 'pageview', name: 'pageview', path: '/a' }),
        event({ type: 'pageview', name: 'pageview', path: '/b' }),
        event({ name: 'CONNECT_SUCCESS', properties: { name: 'Test Wallet' } }),
        event({ name: 'CONNECT_SUCCESS', properties: { name: 'Other' } }),
        event({ name: 'MODAL_OPEN' }),
      ],
    })
    expect((await stats(app, 'projectId=demo', 'wrong')).status).toBe(401)
    expect((await app.request('/v1/analytics/stats?projectId=demo')).status).toBe(401)
    expect((await stats(app, 'projectId=demo&days=500')).status).toBe(400)
    const response = await stats(app)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      projectId: 'demo',
      days: ['2026-11-24', '2026-11-25'],
      views: [
        { day: '2026-11-24', count: 1 },
        { day: '2026-11-25', count: 2 },
      ],
      errors: [
        { day: '2026-11-24', count: 1 },
        { day: '2026-11-25', count: 0 },
      ],
      dropped: [
        { day: '2026-11-24', count: 0 },
        { day: '2026-11-25', count: 0 },
      ],
      connects: [
        { wallet: 'Test Wallet', count: 2 },
        { wallet: 'Other', count: 1 },
      ],
    })
  })
})

describe('the analytics admin page', () => {
  it('is served under a strict CSP whose hashes match its only script and style, with no external asset', async () => {
    const app = new Hono().route(
      '/',
      analyticsRoutes({
        db: {} as Database,
        logger: silent,
        now: Date.now,
        adminToken,
        project: async () => project,
      }),
    )
    const response = await app.request('/admin/analytics?projectId=demo')
    expect(response.status).toBe(200)
    const html = await response.text()
    const csp = response.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("default-src 'none'")
    expect(csp).toContain("connect-src 'self'")
    expect(csp).not.toContain('unsafe')
    const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`
    const script = /<script>([\s\S]*)<\/script>/.exec(html)?.[1] ?? ''
    const style = /<style>([\s\S]*)<\/style>/.exec(html)?.[1] ?? ''
    expect(csp).toContain(`script-src ${sha(script)}`)
    expect(csp).toContain(`style-src ${sha(style)}`)
    expect(html).not.toMatch(/\b(src|href)=/)
    expect(html).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg)/)
    expect(script).toContain('sessionStorage.setItem(tokenKey, token)')
    expect(script).not.toContain('innerHTML')
  })
})
