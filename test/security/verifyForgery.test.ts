import { createHash } from 'node:crypto'
import type { Hono } from 'hono'
import { beforeEach, describe, expect, it } from 'vitest'
import { decodeJwtPayload } from '../../crypto/index.js'
import { createApiApp } from '../../services/api/app.js'
import { migrate, openDatabase } from '../../services/api/db/index.js'
import { originNotAllowed } from '../../services/api/http/apiError.js'
import type { RouteDeps } from '../../services/api/http/types.js'
import { ProjectStore, projectMigrations } from '../../services/api/projects/index.js'
import { type VerifyRouteOptions, verifyMigrations, verifyRoutes } from '../../services/api/verify/index.js'
import { silentLogger } from '../../services/relay/index.js'
import { testProject, verifyRouteDeps } from '../services/api/support/routeHarness.js'
import {
  appWithClients,
  challengeIn,
  loadVerifyFrame,
  type Requester,
  registerAs,
  registerFromFrame,
} from '../services/api/support/verifyFrameClient.js'

const uniswap = 'https://app.uniswap.org'
/** The demo page's origin, which its project allows: an attestation for it says `isVerified: true`. */
const demo = 'http://127.0.0.1:5173'
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
const clock = { now: Date.now() }
let deps: RouteDeps

beforeEach(async () => {
  clock.now = Date.now()
  const base = await verifyRouteDeps(clock)
  deps = {
    ...base,
    project: async (request) => {
      const project = await base.project(request)
      if (request.header('Origin') !== demo) throw originNotAllowed()
      return project
    },
  }
})

function api(options: VerifyRouteOptions = {}): Requester {
  const app: Hono = appWithClients(verifyRoutes({ ...deps, ...options }))
  return (path, init) => Promise.resolve(app.request(path, init))
}

function aMessage() {
  const text = `message-${Math.random()}`
  return { id: sha256(`encrypted ${text}`), decryptedId: sha256(text) }
}

const lookup = async (request: Requester, hash: string) => {
  const response = await request(`/attestation/${hash}?v2Supported=true`)
  return { status: response.status, body: await response.json() }
}

/** What the finding's script did: a POST that names the origin in its Origin header, nothing more. */
function scriptedPost(request: Requester, origin: string, body: unknown) {
  return request(`/attestation?projectId=${testProject.id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(body),
  })
}

describe('a scripted client that only sets an Origin header', () => {
  for (const origin of [uniswap, demo]) {
    it(`gets no attestation and registers nothing for ${origin}`, async () => {
      const request = api()
      const message = aMessage()
      const response = await scriptedPost(request, origin, message)
      expect(response.status).toBe(403)
      expect(await response.json()).toEqual({
        code: 'FRAME_REQUIRED',
        message: expect.stringContaining('verify frame'),
      })
      expect((await lookup(request, message.decryptedId)).status).toBe(404)
    })
  }

  it('gets nothing with a challenge either, unless the request is the frame’s same-origin one', async () => {
    const request = api()
    const page = await loadVerifyFrame(request, uniswap)
    const challenge = challengeIn(await page.text())
    const message = aMessage()
    for (const site of [undefined, 'cross-site', 'same-site', 'none']) {
      const headers: Record<string, string> = site === undefined ? {} : { 'sec-fetch-site': site }
      const response = await request('/attestation', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: uniswap, ...headers },
        body: JSON.stringify({ challenge, ...message }),
      })
      expect(response.status, String(site)).toBe(403)
    }
    expect((await lookup(request, message.decryptedId)).status).toBe(404)
  })
})

describe('the verify frame page', () => {
  it('may be framed only by the origin it names, runs only its own pinned script, and talks only to its own origin', async () => {
    const response = await loadVerifyFrame(api(), uniswap)
    expect(response.status).toBe(200)
    const csp = response.headers.get('content-security-policy') ?? ''
    expect(csp).toContain(`frame-ancestors ${uniswap};`)
    expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/]+=*';/)
    expect(csp).toContain("connect-src 'self';")
    expect(csp).toContain("default-src 'none'")
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('is refused outside an iframe, and to a Referer from another origin', async () => {
    const request = api()
    const asFetch = await loadVerifyFrame(request, uniswap, { headers: { 'sec-fetch-dest': 'empty' } })
    expect(asFetch.status).toBe(403)
    expect(await asFetch.json()).toMatchObject({ code: 'FRAME_REQUIRED' })
    const elsewhere = await loadVerifyFrame(request, uniswap, {
      headers: { referer: 'https://evil.example/' },
    })
    expect(elsewhere.status).toBe(403)
    for (const origin of [
      'https://app.uniswap.org/path',
      'javascript:alert(1)',
      'null',
      "https://a.example 'unsafe-inline'",
    ]) {
      expect((await loadVerifyFrame(request, origin)).status, origin).toBe(400)
    }
  })
})

describe('through the api app', () => {
  it('no page reads the frame page or a registration, not even one its project allows; any page reads a lookup', async () => {
    const db = await openDatabase(':memory:')
    await migrate(db, [projectMigrations, verifyMigrations])
    await new ProjectStore(db).create({ id: 'demo', name: 'Demo', allowedOrigins: [demo] })
    const app = createApiApp({
      db,
      adminToken: 'a'.repeat(64),
      logger: silentLogger,
      routes: [(routeDeps) => verifyRoutes(routeDeps)],
    }).hono
    const request: Requester = (path, init) => Promise.resolve(app.request(path, init))
    const page = await loadVerifyFrame(request, uniswap, { projectId: 'demo', headers: { origin: demo } })
    expect(page.status).toBe(200)
    expect(page.headers.get('access-control-allow-origin')).toBeNull()
    const registered = await registerFromFrame(
      request,
      { challenge: challengeIn(await page.text()), ...aMessage() },
      { headers: { origin: demo } },
    )
    expect(registered.status).toBe(200)
    expect(registered.headers.get('access-control-allow-origin')).toBeNull()
    const preflight = await app.request('/attestation', {
      method: 'OPTIONS',
      headers: { origin: demo, 'access-control-request-method': 'POST' },
    })
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull()
    const lookedUp = await app.request(`/attestation/${'e'.repeat(64)}`, { headers: { origin: uniswap } })
    expect(lookedUp.headers.get('access-control-allow-origin')).toBe('*')
    await db.close()
  })
})

describe('the one-time challenge', () => {
  it('registers once; a replay is refused', async () => {
    const request = api()
    const challenge = challengeIn(await (await loadVerifyFrame(request, demo)).text())
    expect((await registerFromFrame(request, { challenge, ...aMessage() })).status).toBe(200)
    const replay = await registerFromFrame(request, { challenge, ...aMessage() })
    expect(replay.status).toBe(403)
    expect(await replay.json()).toMatchObject({ code: 'CHALLENGE_INVALID' })
  })

  it('is refused once expired', async () => {
    const request = api()
    const challenge = challengeIn(await (await loadVerifyFrame(request, demo)).text())
    clock.now += 31_000
    const late = await registerFromFrame(request, { challenge, ...aMessage() })
    expect(late.status).toBe(403)
    expect(await late.json()).toMatchObject({ code: 'CHALLENGE_INVALID' })
  })

  it('is refused from another client than the one the frame was served to', async () => {
    const request = api()
    const challenge = challengeIn(await (await loadVerifyFrame(request, demo, { client: 'client-a' })).text())
    const stolen = await registerFromFrame(request, { challenge, ...aMessage() }, { client: 'client-b' })
    expect(stolen.status).toBe(403)
  })

  it('for one origin cannot register another', async () => {
    const request = api()
    const challenge = challengeIn(await (await loadVerifyFrame(request, 'https://evil.example')).text())
    const message = aMessage()
    const renamed = await registerFromFrame(request, { challenge, ...message, origin: uniswap })
    expect(renamed.status).toBe(400)
    const withHeader = await registerFromFrame(
      request,
      { challenge, ...message },
      { headers: { origin: uniswap } },
    )
    expect(withHeader.status).toBe(200)
    const { attestation } = (await withHeader.json()) as { attestation: string }
    expect(decodeJwtPayload(attestation)).toMatchObject({ origin: 'https://evil.example', isVerified: false })
    expect(await lookup(request, message.decryptedId)).toEqual({
      status: 200,
      body: { origin: 'https://evil.example', isScam: false },
    })
  })
})

describe('per-client limits', () => {
  it('one client past its frames per minute gets 429; another client is untouched', async () => {
    const request = api({ framesPerMinute: 3 })
    for (let i = 0; i < 3; i++) expect((await loadVerifyFrame(request, demo)).status).toBe(200)
    const limited = await loadVerifyFrame(request, demo)
    expect(limited.status).toBe(429)
    expect(await limited.json()).toMatchObject({ code: 'RATE_LIMITED' })
    expect((await loadVerifyFrame(request, demo, { client: 'client-b' })).status).toBe(200)
    clock.now += 60_000
    expect((await loadVerifyFrame(request, demo)).status).toBe(200)
  })

  it('one client past its registrations per minute gets 429; another client is untouched', async () => {
    const request = api({ registrationsPerMinute: 2 })
    for (let i = 0; i < 2; i++) expect((await registerAs(request, demo, aMessage())).status).toBe(200)
    expect((await registerAs(request, demo, aMessage())).status).toBe(429)
    expect((await registerAs(request, demo, aMessage(), { client: 'client-b' })).status).toBe(200)
  })

  it('counts every address of one IPv6 /64 as one client, so a host cannot multiply its frames, registrations or stored claims', async () => {
    const request = api({ framesPerMinute: 3, registrationsPerMinute: 3, attestationsPerClient: 2 })
    const neighbour = (n: number) => `2001:db8:aa:bb::${n.toString(16)}`
    const mine = [aMessage(), aMessage(), aMessage()]
    for (const [n, message] of mine.entries())
      expect((await registerAs(request, demo, message, { client: neighbour(n + 1) })).status).toBe(200)
    const found = await Promise.all(mine.map(async (m) => (await lookup(request, m.decryptedId)).status))
    expect(found).toEqual([404, 200, 200])
    expect((await loadVerifyFrame(request, demo, { client: neighbour(9) })).status).toBe(429)
    expect((await loadVerifyFrame(request, demo, { client: '2001:db8:aa:bc::1' })).status).toBe(200)
  })

  it('keeps at most its cap of open challenges and of live registrations per client, dropping its own oldest', async () => {
    const request = api({ challengesPerClient: 2, attestationsPerClient: 2 })
    const pages = []
    for (let i = 0; i < 3; i++) pages.push(challengeIn(await (await loadVerifyFrame(request, demo)).text()))
    expect((await registerFromFrame(request, { challenge: pages[0], ...aMessage() })).status).toBe(403)
    expect((await registerFromFrame(request, { challenge: pages[2], ...aMessage() })).status).toBe(200)
    const other = aMessage()
    expect((await registerAs(request, demo, other, { client: 'client-b' })).status).toBe(200)
    const mine = [aMessage(), aMessage(), aMessage()]
    for (const message of mine) expect((await registerAs(request, demo, message)).status).toBe(200)
    const found = await Promise.all(mine.map(async (m) => (await lookup(request, m.decryptedId)).status))
    expect(found).toEqual([404, 200, 200])
    expect((await lookup(request, other.decryptedId)).status).toBe(200)
  })
})

describe('what VALID does not prove', () => {
  it('a client that imitates a browser frame end to end still gets its claim: the limit the README states', async () => {
    const response = await registerAs(api(), uniswap, aMessage())
    expect(response.status).toBe(200)
  })
})
