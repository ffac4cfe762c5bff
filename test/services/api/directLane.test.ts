import { createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { type ApiApp, createApiApp } from '../../../services/api/app.js'
import { migrate } from '../../../services/api/db/index.js'
import type { DirectRoute } from '../../../services/api/http/directRoute.js'
import type { RouteDeps } from '../../../services/api/http/types.js'
import { validJson, validQuery } from '../../../services/api/http/validate.js'
import { ProjectStore, projectMigrations } from '../../../services/api/projects/index.js'
import { responseText } from '../../support/responseText.js'
import { eachDatabase } from './support/databases.js'
import { type Line, memoryLogger } from './support/memoryLogger.js'

const [sqlite] = eachDatabase()
const bodyLimitBytes = 1024
const allowed = 'https://app.example.com'

/** Direct routes that use every piece a real one does: the guard, the query, the body, a failure. */
function echoRoutes(deps: RouteDeps): DirectRoute[] {
  const query = z.object({ projectId: z.string(), n: z.coerce.number().int().max(99).optional() })
  return [
    {
      method: 'GET',
      path: '/v1/echo',
      answer: async (request) => {
        const project = await deps.project(request)
        return { project: project.id, n: validQuery(request, query).n ?? null, all: request.query() }
      },
    },
    {
      method: 'POST',
      path: '/v1/echo',
      answer: async (request) => {
        await deps.project(request)
        return { body: await validJson(request, z.object({ n: z.number() }).or(z.array(z.unknown()))) }
      },
    },
    {
      method: 'GET',
      path: '/v1/broken',
      answer: () => Promise.reject(new Error('secret detail at /srv/app.ts:12')),
    },
  ]
}

type Sent = { method: string; target: string; headers?: Record<string, string>; body?: string | string[] }
type Seen = { status: number; headers: Record<string, string | null>; body: string; lines: Line[] }

const comparedHeaders = [
  'content-type',
  'vary',
  'access-control-allow-origin',
  'access-control-allow-methods',
  'access-control-expose-headers',
  'retry-after',
  'allow',
]

/** One app served by its Node listener (the direct lane), one called through Hono only: same deps. */
async function twoApps() {
  const db = await (sqlite?.open() ?? Promise.reject(new Error('no sqlite')))
  await migrate(db, [projectMigrations])
  const store = new ProjectStore(db)
  // Every request here comes from one client, which gets a fifth of the project's 10,000 a minute.
  await store.create({ id: 'demo', name: 'Demo', allowedOrigins: [allowed], rateLimitPerMinute: 10_000 })
  await store.create({ id: 'tight', name: 'Tight', allowedOrigins: [], rateLimitPerMinute: 1 })
  const make = (lines: Line[]): ApiApp =>
    createApiApp({
      db,
      adminToken: 'a'.repeat(64),
      logger: memoryLogger(lines),
      now: () => 1_700_000_000_000,
      bodyLimitBytes,
      routes: [echoRoutes],
    })
  const laneLines: Line[] = []
  const honoLines: Line[] = []
  const lane = make(laneLines)
  const hono = make(honoLines)
  const server: Server = createServer(lane.listener)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  const headersOf = (read: (name: string) => string | null) =>
    Object.fromEntries(comparedHeaders.map((name) => [name, read(name)]))
  const withoutMs = (lines: Line[]) =>
    lines.splice(0).map(({ fields, ...line }) => ({ ...line, fields: { ...fields, ms: 0 } }))

  const viaLane = (sent: Sent) =>
    new Promise<Seen>((resolve, reject) => {
      const call = httpRequest(
        { host: '127.0.0.1', port, method: sent.method, path: sent.target, headers: sent.headers },
        (response) => {
          responseText(response).then(
            (body) =>
              resolve({
                status: response.statusCode ?? 0,
                headers: headersOf((name) => {
                  const value = response.headers[name]
                  return value === undefined ? null : String(value)
                }),
                body,
                lines: withoutMs(laneLines),
              }),
            reject,
          )
        },
      )
      call.on('error', reject)
      for (const part of [sent.body ?? []].flat()) call.write(part)
      call.end()
    })
  const viaHono = async (sent: Sent): Promise<Seen> => {
    const parts = [sent.body ?? []].flat()
    const body =
      parts.length > 1
        ? new ReadableStream({
            start(controller) {
              for (const part of parts) controller.enqueue(new TextEncoder().encode(part))
              controller.close()
            },
          })
        : parts[0]
    const response = await hono.hono.request(sent.target, {
      method: sent.method,
      headers: sent.headers,
      body,
      ...(parts.length > 1 ? { duplex: 'half' } : {}),
    })
    return {
      status: response.status,
      headers: headersOf((name) => response.headers.get(name)),
      body: await response.text(),
      lines: withoutMs(honoLines),
    }
  }
  return {
    /** Both answers to `sent`: the lane's and Hono's. */
    both: async (sent: Sent) => [await viaLane(sent), await viaHono(sent)] as const,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

describe('the direct lane', () => {
  let apps: Awaited<ReturnType<typeof twoApps>>
  beforeAll(async () => {
    apps = await twoApps()
  })
  afterAll(() => apps.close())

  const json = { 'content-type': 'application/json' }
  const cases: [string, Sent][] = [
    ['a guarded read', { method: 'GET', target: '/v1/echo?projectId=demo&n=7' }],
    ['an unknown project', { method: 'GET', target: '/v1/echo?projectId=nope' }],
    ['no project', { method: 'GET', target: '/v1/echo' }],
    ['a bad query value', { method: 'GET', target: '/v1/echo?projectId=demo&n=100' }],
    ['an allowed origin', { method: 'GET', target: '/v1/echo?projectId=demo', headers: { origin: allowed } }],
    [
      'an origin not allowed',
      { method: 'GET', target: '/v1/echo?projectId=demo', headers: { origin: 'https://evil.test' } },
    ],
    ['repeated and odd parameters', { method: 'GET', target: '/v1/echo?projectId=demo&x=1&x=2&y=a+b%20c&z' }],
    ['prototype names', { method: 'GET', target: '/v1/echo?projectId=demo&__proto__=1&constructor=2' }],
    ['a valid body', { method: 'POST', target: '/v1/echo?projectId=demo', headers: json, body: '{"n":1}' }],
    [
      'a batch body',
      { method: 'POST', target: '/v1/echo?projectId=demo', headers: json, body: '[1,{"a":2}]' },
    ],
    [
      'a body that is not JSON',
      { method: 'POST', target: '/v1/echo?projectId=demo', headers: json, body: '{' },
    ],
    ['a wrong body', { method: 'POST', target: '/v1/echo?projectId=demo', headers: json, body: '{"n":"1"}' }],
    [
      'a body over the cap, announced',
      { method: 'POST', target: '/v1/echo?projectId=demo', headers: json, body: `[${'1,'.repeat(600)}1]` },
    ],
    [
      'a body over the cap, streamed',
      {
        method: 'POST',
        target: '/v1/echo?projectId=demo',
        headers: { ...json, 'transfer-encoding': 'chunked' },
        body: ['[', '1,'.repeat(300), '1,'.repeat(300), '1]'],
      },
    ],
    ['a route that fails', { method: 'GET', target: '/v1/broken' }],
    ['another method (to Hono: 405)', { method: 'PUT', target: '/v1/echo?projectId=demo' }],
    [
      'a preflight (to Hono)',
      {
        method: 'OPTIONS',
        target: '/v1/echo?projectId=demo',
        headers: { origin: allowed, 'access-control-request-method': 'POST' },
      },
    ],
    ['a trailing slash (to Hono: 404)', { method: 'GET', target: '/v1/echo/?projectId=demo' }],
  ]

  it.each(cases)('answers %s as the Hono app does: status, headers, body and log line', async (_, sent) => {
    const [lane, hono] = await apps.both(sent)
    expect(lane).toEqual(hono)
    expect(lane.lines).toHaveLength(lane.status === 500 ? 2 : 1)
  })

  it('marks its answers Vary: Origin when no Origin was sent, as the Hono app does', async () => {
    const [lane, hono] = await apps.both({ method: 'GET', target: '/v1/echo?projectId=demo' })
    expect(lane.headers.vary).toBe('Origin')
    expect(lane.headers).toEqual(hono.headers)
  })

  it('rate limits as the Hono app does, Retry-After included', async () => {
    const sent: Sent = { method: 'GET', target: '/v1/echo?projectId=tight' }
    const first = await apps.both(sent)
    const second = await apps.both(sent)
    expect(first[0].status).toBe(200)
    expect(second[0].status).toBe(429)
    expect(Number(second[0].headers['retry-after'])).toBeGreaterThan(0)
    expect(second[0]).toEqual(second[1])
  })

  it('answers 300 random queries and bodies as the Hono app does', async () => {
    const pieces = [
      '%',
      '%2',
      '%zz',
      '%E0%A4%A',
      '+',
      '&',
      '=',
      '==',
      'projectId',
      'demo',
      'n',
      '7',
      '€',
      '\u0000',
      '[',
      '{',
      '"',
      '}',
      ']',
      ':',
      ',',
      '1',
      'null',
    ]
    let seed = 12345
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed / 2 ** 31
    }
    const text = (length: number) =>
      Array.from({ length }, () => pieces[Math.floor(random() * pieces.length)]).join('')
    for (let i = 0; i < 300; i++) {
      const query = `projectId=demo&${text(6)}`
      const sent: Sent =
        i % 2 === 0
          ? { method: 'GET', target: `/v1/echo?${encodeURI(query).replace(/%25/g, '%')}` }
          : { method: 'POST', target: '/v1/echo?projectId=demo', headers: json, body: text(8) }
      const [lane, hono] = await apps.both(sent)
      expect(lane, JSON.stringify(sent)).toEqual(hono)
      expect(lane.status, JSON.stringify(sent)).toBeLessThan(500)
    }
  })
})
