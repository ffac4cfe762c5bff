import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import {
  analyticsMigrations,
  analyticsRoutes,
  defaultDailyRowCap,
  eventsPerClientPerDay,
  eventsPerClientPerHour,
} from '../../services/api/analytics/index.js'
import { migrate, openDatabase } from '../../services/api/db/index.js'
import { ApiError, invalidKey } from '../../services/api/http/apiError.js'
import { testProject } from '../services/api/support/routeHarness.js'

const adminToken = 'admin-secret-token'
const start = Date.UTC(2026, 10, 24, 12)
const hour = 3_600_000

async function analyticsApp(dailyRowCap: number, clock = { now: start }): Promise<Hono> {
  const db = await openDatabase(':memory:')
  await migrate(db, [analyticsMigrations])
  const app = new Hono()
  app.route(
    '/',
    analyticsRoutes({
      db,
      logger: { info() {}, warn() {}, error() {} },
      now: () => clock.now,
      adminToken,
      dailyRowCap,
      project: async (request) => {
        if (request.query('projectId') !== testProject.id) throw invalidKey()
        return testProject
      },
    }),
  )
  app.onError((error, c) =>
    error instanceof ApiError ? c.json(error.toJSON(), error.status) : c.json({ code: 'SERVER_ERROR' }, 500),
  )
  return app
}

const batch = (name: string) =>
  JSON.stringify({
    events: Array.from({ length: 50 }, () => ({ type: 'event', name, path: '/', properties: {}, at: start })),
  })

const send = (app: Hono, client: string, name: string) =>
  app.request(
    `/v1/analytics/events?projectId=${testProject.id}`,
    { method: 'POST', headers: { 'content-type': 'text/plain;charset=UTF-8' }, body: batch(name) },
    { incoming: { socket: { remoteAddress: client } } },
  )

async function droppedToday(app: Hono): Promise<number> {
  const answer = await app.request(`/v1/analytics/stats?projectId=${testProject.id}&days=1`, {
    headers: { authorization: `Bearer ${adminToken}` },
  })
  expect(answer.status).toBe(200)
  const body = (await answer.json()) as { dropped: { count: number }[] }
  return body.dropped[0]?.count ?? 0
}

describe('analytics ingest counts each client against its own hourly budget', () => {
  // A day whose client share (a fifth) is twice the hourly budget, so here the hour is what refuses.
  const dailyRowCap = 10 * eventsPerClientPerHour

  it('one client sending past its budget leaves another client’s events stored', async () => {
    const app = await analyticsApp(dailyRowCap)
    const statuses: number[] = []
    for (let sent = 0; sent < 2 * eventsPerClientPerHour; sent += 50)
      statuses.push((await send(app, '203.0.113.7', 'FLOOD')).status)
    // The flood's excess is refused, not stored against the project's day.
    expect(statuses.slice(0, eventsPerClientPerHour / 50).every((status) => status === 204)).toBe(true)
    expect(statuses.at(-1)).toBe(429)

    const other = await send(app, '198.51.100.9', 'MODAL_OPEN')
    expect(other.status).toBe(204)
    expect(await droppedToday(app)).toBe(0)
  })

  it('counts an IPv6 client by its /64, so fresh addresses in one /64 share one budget', async () => {
    const app = await analyticsApp(dailyRowCap)
    for (let sent = 0; sent < eventsPerClientPerHour; sent += 50) {
      const answer = await send(app, `2001:db8:1:2::${(sent / 50 + 1).toString(16)}`, 'FLOOD')
      expect(answer.status).toBe(204)
    }
    expect((await send(app, '2001:db8:1:2:ffff::1', 'FLOOD')).status).toBe(429)
    expect((await send(app, '2001:db8:1:3::1', 'MODAL_OPEN')).status).toBe(204)
  })
})

describe('analytics ingest gives each client only a share of the project’s day', () => {
  it('one client sending its hourly budget every hour stores only its share; later visitors’ events are kept', async () => {
    const clock = { now: Date.UTC(2026, 10, 25) }
    const app = await analyticsApp(defaultDailyRowCap, clock)
    const share = eventsPerClientPerDay(defaultDailyRowCap)
    const answered: number[] = []
    for (let hours = 0; hours < 20; hours++) {
      clock.now = Date.UTC(2026, 10, 25, hours)
      for (let sent = 0; sent < eventsPerClientPerHour; sent += 50)
        answered.push((await send(app, '203.0.113.7', 'FLOOD')).status)
    }
    expect(answered.slice(0, share / 50).every((status) => status === 204)).toBe(true)
    expect(answered.slice(share / 50).every((status) => status === 429)).toBe(true)

    expect((await send(app, '198.51.100.9', 'MODAL_OPEN')).status).toBe(204)
    expect(await droppedToday(app)).toBe(0)
  })

  it('refuses past the share until the next UTC day, and gives the share back then', async () => {
    const clock = { now: Date.UTC(2026, 10, 25) }
    const app = await analyticsApp(defaultDailyRowCap, clock)
    // Within the hourly budget throughout: ten batches of 50 an hour.
    for (let sent = 0; sent < eventsPerClientPerDay(defaultDailyRowCap); sent += 50) {
      expect((await send(app, '2001:db8:1:2::1', 'FLOOD')).status).toBe(204)
      clock.now += hour / 10
    }
    expect((await send(app, '2001:db8:1:2::2', 'FLOOD')).status).toBe(429)
    clock.now = Date.UTC(2026, 10, 25, 23, 59)
    expect((await send(app, '2001:db8:1:2::3', 'FLOOD')).status).toBe(429)
    clock.now = Date.UTC(2026, 10, 26)
    expect((await send(app, '2001:db8:1:2::1', 'FLOOD')).status).toBe(204)
  })

  it('documents a share that takes five clients to fill a project’s day', () => {
    expect(eventsPerClientPerDay(defaultDailyRowCap)).toBe(defaultDailyRowCap / 5)
  })
})
