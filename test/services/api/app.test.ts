import { Hono } from 'hono'
import { beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createApiApp } from '../../../services/api/app.js'
import { type Database, migrate } from '../../../services/api/db/index.js'
import { ApiError } from '../../../services/api/http/apiError.js'
import { apiRequest } from '../../../services/api/http/clientAddress.js'
import type { RouteDeps } from '../../../services/api/http/types.js'
import { validJson } from '../../../services/api/http/validate.js'
import { type featuresSchema, ProjectStore, projectMigrations } from '../../../services/api/projects/index.js'
import { eachDatabase } from './support/databases.js'
import { type Line, memoryLogger } from './support/memoryLogger.js'

const [sqlite] = eachDatabase()
const token = 'a'.repeat(64)
/** The demo project turns every feature on, and its config answers them back unchanged. */
const everyFeature: z.output<typeof featuresSchema> = {
  email: true,
  socials: ['google', 'github', 'apple', 'facebook', 'x', 'discord'],
  swaps: true,
  onramp: true,
  activity: true,
  reownBranding: true,
  multiWallet: true,
}

/** A feature module as others write them: a guarded read, a validated body, and a bug. */
function exampleRoutes(deps: RouteDeps): Hono {
  return new Hono()
    .get('/v1/example', async (c) => c.json({ project: (await deps.project(apiRequest(c))).id }))
    .post('/v1/example', async (c) => {
      await deps.project(apiRequest(c))
      return c.json(await validJson(c.req, z.object({ n: z.number() })))
    })
    .get('/v1/broken', () => {
      throw new Error('secret detail at /srv/app.ts:12')
    })
    .get('/v1/teapot', () => {
      throw new ApiError(400, 'INVALID_REQUEST', 'n: Required')
    })
}

describe('the api app', () => {
  let db: Database
  let lines: Line[]
  let clock: number
  let app: Hono
  const call = (path: string, init?: RequestInit) => app.request(path, init)

  beforeEach(async () => {
    db = await (sqlite?.open() ?? Promise.reject(new Error('no sqlite')))
    await migrate(db, [projectMigrations])
    const store = new ProjectStore(db)
    await store.create({
      id: 'demo',
      name: 'Demo',
      allowedOrigins: ['https://*.example.com', 'http://127.0.0.1:5173'],
      // Each client gets a fifth: 3 requests a minute.
      rateLimitPerMinute: 15,
      features: everyFeature,
    })
    await store.create({ id: 'basic', name: 'Basic', basic: true, features: { swaps: false } })
    lines = []
    clock = 1_700_000_000_000
    app = createApiApp({
      db,
      adminToken: token,
      logger: memoryLogger(lines),
      now: () => clock,
      routes: [exampleRoutes],
    }).hono
  })

  it('answers /health with the store kind, 503 when the database fails', async () => {
    const ok = await call('/health')
    expect(ok.status).toBe(200)
    expect(await ok.json()).toEqual({ status: 'ok', database: 'sqlite' })
    await db.close()
    const down = await call('/health')
    expect(down.status).toBe(503)
    expect(await down.json()).toMatchObject({ code: 'UNAVAILABLE' })
  })

  it('ROLE-11 answers the project config; basic mode turns every feature off', async () => {
    const demo = await call('/v1/project/config?projectId=demo')
    expect(await demo.json()).toEqual({
      projectId: 'demo',
      name: 'Demo',
      basic: false,
      features: everyFeature,
    })
    const basic = (await (await call('/v1/project/config?projectId=basic')).json()) as {
      features: Record<string, unknown>
    }
    expect(basic.features).toEqual({
      email: false,
      socials: false,
      swaps: false,
      onramp: false,
      activity: false,
      reownBranding: false,
      multiWallet: false,
    })
    const origins = await call('/v1/project/origins?projectId=demo')
    expect(await origins.json()).toEqual({ origins: ['https://*.example.com', 'http://127.0.0.1:5173'] })
  })

  it('refuses unknown projects (401), disallowed origins (403) and a missing projectId (400), in the spec texts', async () => {
    const unknown = await call('/v1/project/config?projectId=nope')
    expect(unknown.status).toBe(401)
    expect(await unknown.json()).toEqual({ code: 'INVALID_KEY', message: 'Unauthorized: invalid key' })
    const foreign = await call('/v1/project/config?projectId=demo', {
      headers: { origin: 'https://evil.org' },
    })
    expect(foreign.status).toBe(403)
    expect(await foreign.json()).toEqual({
      code: 'ORIGIN_NOT_ALLOWED',
      message: 'Unauthorized: origin not allowed',
    })
    const missing = await call('/v1/project/config')
    expect(missing.status).toBe(400)
    expect(await missing.json()).toMatchObject({ code: 'INVALID_REQUEST' })
    const long = await call(`/v1/project/config?projectId=${'x'.repeat(5000)}`)
    expect(long.status).toBe(401)
  })

  it("rate-limits each client to a fifth of its project's minute, and the project as a whole: 429 'Rate Limited' with Retry-After, a fresh window lets it in", async () => {
    const from = (address: string) =>
      app.request('/v1/example?projectId=demo', {}, { incoming: { socket: { remoteAddress: address } } })
    for (let i = 0; i < 3; i++) expect((await call('/v1/example?projectId=demo')).status).toBe(200)
    const limited = await call('/v1/example?projectId=demo')
    expect(limited.status).toBe(429)
    expect(await limited.json()).toEqual({ code: 'RATE_LIMITED', message: 'Rate Limited' })
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await call('/v1/project/config?projectId=basic')).status).toBe(200)
    // Four more clients spend the rest of the project's 15; a sixth meets the project's ceiling.
    for (const client of ['10.0.0.1', '10.0.0.2', '10.0.0.3', '10.0.0.4'])
      for (let i = 0; i < 3; i++) expect((await from(client)).status).toBe(200)
    expect((await from('10.0.0.5')).status).toBe(429)
    clock += 60_000
    expect((await call('/v1/example?projectId=demo')).status).toBe(200)
  })

  it('sets Access-Control-Allow-Origin only for an origin the project allows, and answers its preflight', async () => {
    const allowed = await call('/v1/project/config?projectId=demo', {
      headers: { origin: 'https://app.example.com' },
    })
    expect(allowed.status).toBe(200)
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example.com')
    expect(allowed.headers.get('vary')).toContain('Origin')
    // A success the project's origins do not cover (a route with no guard) is not readable cross-origin.
    const other = await call('/health?projectId=basic', { headers: { origin: 'https://app.example.com' } })
    expect(other.status).toBe(200)
    expect(other.headers.get('access-control-allow-origin')).toBeNull()
    const noProject = await call('/health', { headers: { origin: 'https://app.example.com' } })
    expect(noProject.headers.get('access-control-allow-origin')).toBeNull()

    const preflight = (origin: string) =>
      call('/v1/example?projectId=demo', {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      })
    const yes = await preflight('http://127.0.0.1:5173')
    expect(yes.status).toBe(204)
    expect(yes.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173')
    expect(yes.headers.get('access-control-allow-methods')).toContain('POST')
    expect(yes.headers.get('access-control-allow-headers')).toBe('content-type')
    const no = await preflight('http://127.0.0.1:5174')
    expect(no.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('marks every per-project answer Vary: Origin, also one to a request without Origin, so no cache hands it to a page', async () => {
    // A shared cache that stored the answer to a call without Origin (no Access-Control-Allow-Origin) would
    // otherwise serve it to every page of the project, which the browser then refuses to read.
    const serverSide = await call('/v1/project/config?projectId=demo')
    expect(serverSide.status).toBe(200)
    expect(serverSide.headers.get('vary')).toBe('Origin')
    const refused = await call('/v1/project/config?projectId=nope')
    expect(refused.headers.get('vary')).toBe('Origin')
    // The public routes answer every origin alike.
    expect((await call('/openapi.json')).headers.get('vary') ?? '').not.toContain('Origin')
  })

  it('lets a refused origin read the refusal, so the modal can say why', async () => {
    const refused = await call('/v1/project/config?projectId=demo', {
      headers: { origin: 'https://evil.org' },
    })
    expect(refused.status).toBe(403)
    expect(refused.headers.get('access-control-allow-origin')).toBe('https://evil.org')
  })

  it('answers unknown paths 404 and wrong methods 405 with Allow, in JSON', async () => {
    const missing = await call('/v2/nothing')
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ code: 'NOT_FOUND', message: 'Not Found' })
    const wrong = await call('/v1/project/config?projectId=demo', { method: 'DELETE' })
    expect(wrong.status).toBe(405)
    expect(wrong.headers.get('allow')).toContain('GET')
    expect(await wrong.json()).toMatchObject({ code: 'METHOD_NOT_ALLOWED' })
    const head = await call('/health', { method: 'HEAD' })
    expect(head.status).toBe(200)
  })

  it('caps bodies at 64 KiB (413 JSON), announced or streamed, and answers bad JSON with 400', async () => {
    const big = JSON.stringify({ n: 1, pad: 'x'.repeat(64 * 1024) })
    const announced = await call('/v1/example?projectId=demo', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(big.length) },
      body: big,
    })
    expect(announced.status).toBe(413)
    expect(await announced.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' })
    const streamed = await call('/v1/example?projectId=demo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new ReadableStream({
        start(controller) {
          for (let i = 0; i < 5; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(20_000)))
          controller.close()
        },
      }),
      duplex: 'half',
    } as RequestInit)
    expect(streamed.status).toBe(413)
    const bad = await call('/v1/example?projectId=demo', { method: 'POST', body: '{"n":' })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toEqual({ code: 'INVALID_REQUEST', message: 'body: not valid JSON' })
    const wrongType = await call('/v1/example?projectId=demo', { method: 'POST', body: '{"n":"1"}' })
    expect(wrongType.status).toBe(400)
    expect(await wrongType.json()).toMatchObject({
      code: 'INVALID_REQUEST',
      message: expect.stringMatching(/^n: /),
    })
    const fine = await call('/v1/example?projectId=demo', { method: 'POST', body: '{"n":1}' })
    expect(await fine.json()).toEqual({ n: 1 })
  })

  it("answers an unexpected failure with 500 'Server Error' and nothing internal; logs it once", async () => {
    const response = await call('/v1/broken')
    expect(response.status).toBe(500)
    const text = await response.text()
    expect(JSON.parse(text)).toEqual({ code: 'SERVER_ERROR', message: 'Server Error' })
    expect(text).not.toContain('secret')
    expect(lines.filter((line) => line.level === 'error')).toHaveLength(1)
    expect((await call('/v1/teapot')).status).toBe(400)
  })

  it('logs one line per request: method, path without the query, status, ms; no address or agent', async () => {
    await call('/v1/project/config?projectId=demo&address=0xabc', {
      headers: { 'user-agent': 'Mozilla/5.0 (X11) Secret/1.0', 'x-forwarded-for': '203.0.113.9' },
    })
    const requests = lines.filter((line) => line.event === 'request')
    expect(requests).toHaveLength(1)
    expect(requests[0]?.fields).toEqual({
      method: 'GET',
      path: '/v1/project/config',
      status: 200,
      ms: expect.any(Number),
    })
    expect(JSON.stringify(lines)).not.toMatch(/0xabc|Mozilla|203\.0\.113/)
  })
})
