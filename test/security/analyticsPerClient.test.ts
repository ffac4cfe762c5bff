import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import {
  analyticsMigrations,
  analyticsRoutes,
  eventsPerClientPerHour,
} from '../../services/api/analytics/index.js'
import { migrate, openDatabase } from '../../services/api/db/index.js'
import { ApiError, invalidKey } from '../../services/api/http/apiError.js'
import { testProject } from '../services/api/support/routeHarness.js'

const adminToken = 'admin-secret-token'
const start = Date.UTC(2026, 10, 24, 12)
// Twice one client's hourly budget: without a per-client cap one client fills the project's whole day.
const dailyRowCap = 2 * eventsPerClientPerHour

async function analyticsApp(): Promise<Hono> {
  const db = await openDatabase(':memory:')
  await migrate(db, [analyticsMigrations])
  const app = new Hono()
  app.route(
    '/',
    analyticsRoutes({
      db,
      logger: { info() {}, warn() {}, error() {} },
      now: () => start,
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
  it('one client sending past its budget leaves another client’s events stored', async () => {
    const app = await analyticsApp()
    const statuses: number[] = []
    for (let sent = 0; sent < dailyRowCap; sent += 50)
      statuses.push((await send(app, '203.0.113.7', 'FLOOD')).status)
    // The flood's excess is refused, not stored against the project's day.
    expect(statuses.slice(0, eventsPerClientPerHour / 50).every((status) => status === 204)).toBe(true)
    expect(statuses.at(-1)).toBe(429)

    const other = await send(app, '198.51.100.9', 'MODAL_OPEN')
    expect(other.status).toBe(204)
    expect(await droppedToday(app)).toBe(0)
  })

  it('counts an IPv6 client by its /64, so fresh addresses in one /64 share one budget', async () => {
    const app = await analyticsApp()
    for (let sent = 0; sent < eventsPerClientPerHour; sent += 50) {
      const answer = await send(app, `2001:db8:1:2::${(sent / 50 + 1).toString(16)}`, 'FLOOD')
      expect(answer.status).toBe(204)
    }
    expect((await send(app, '2001:db8:1:2:ffff::1', 'FLOOD')).status).toBe(429)
    expect((await send(app, '2001:db8:1:3::1', 'MODAL_OPEN')).status).toBe(204)
  })
})
