import type { Hono } from 'hono'
import { beforeEach, describe, expect, it } from 'vitest'
import { createApiApp } from '../../../services/api/app.js'
import { type Database, migrate } from '../../../services/api/db/index.js'
import { ProjectCors } from '../../../services/api/http/cors.js'
import {
  FixedWindowLimiter,
  ProjectExistsError,
  ProjectLookup,
  ProjectStore,
  projectGuard,
  projectMigrations,
} from '../../../services/api/projects/index.js'
import { MAX_PROJECT_ID_LENGTH } from '../../../services/api/projects/projectLookup.js'
import { silentLogger } from '../../../services/relay/index.js'
import { eachDatabase } from './support/databases.js'

const token = 'b'.repeat(64)

describe.each(eachDatabase())('projects on $name', ({ open, openShared }) => {
  let db: Database
  let clock: number
  let store: ProjectStore

  beforeEach(async () => {
    db = await open()
    await migrate(db, [projectMigrations])
    clock = 1_000
    store = new ProjectStore(db, { now: () => clock })
  })

  it('creates closed (no origins, no features), lists, reads and changes a project (features merged)', async () => {
    const created = await store.create({ id: 'shop', name: 'Shop' })
    expect(created).toMatchObject({
      id: 'shop',
      name: 'Shop',
      basic: false,
      allowedOrigins: [],
      rateLimitPerMinute: 600,
      createdAt: 1_000,
    })
    const generated = await store.create({ name: 'No id' })
    expect(generated.id).toMatch(/^[0-9a-f]{32}$/)
    expect((await store.list()).map((p) => p.id).sort()).toEqual([generated.id, 'shop'].sort())
    clock = 2_000
    const changed = await store.update('shop', {
      features: { activity: false, socials: ['github'] },
      allowedOrigins: ['https://*.shop.example'],
      rateLimitPerMinute: 5,
    })
    expect(changed).toMatchObject({ updatedAt: 2_000, createdAt: 1_000, rateLimitPerMinute: 5 })
    const read = await store.get('shop')
    expect(read).toEqual(changed)
    expect(read?.features).toEqual({
      email: false,
      socials: ['github'],
      swaps: false,
      onramp: false,
      activity: false,
      reownBranding: false,
      multiWallet: false,
    })
    expect(read?.allowedOrigins).toEqual(['https://*.shop.example'])
    expect(await store.update('missing', { basic: true })).toBeUndefined()
    await expect(store.create({ id: 'shop', name: 'Again' })).rejects.toBeInstanceOf(ProjectExistsError)
  })

  it('serves request reads from a short cache that its own edits clear', async () => {
    await store.create({ id: 'shop', name: 'Shop' })
    expect((await store.find('shop'))?.basic).toBe(false)
    const other = new ProjectStore(db)
    await other.update('shop', { basic: true })
    expect((await store.find('shop'))?.basic).toBe(false)
    clock += 1_001
    expect((await store.find('shop'))?.basic).toBe(true)
    await store.update('shop', { basic: false })
    expect((await store.find('shop'))?.basic).toBe(false)
  })

  it('guards a request for a project read within the cache time at once, and reads the table past it', async () => {
    await store.create({ id: 'shop', name: 'Shop', allowedOrigins: ['https://shop.example'] })
    const limiters = {
      project: new FixedWindowLimiter({ now: () => clock }),
      client: new FixedWindowLimiter({ now: () => clock }),
    }
    const guard = projectGuard(
      new ProjectLookup(store, new FixedWindowLimiter({ now: () => clock })),
      limiters,
    )
    const request = (projectId: string, origin?: string) => ({
      query: (name: string) => (name === 'projectId' ? projectId : undefined),
      header: (name: string) => (name === 'origin' ? origin : undefined),
      client: () => '192.0.2.1',
    })
    const first = guard(request('shop') as never)
    expect(first).toBeInstanceOf(Promise)
    expect((await first).id).toBe('shop')
    expect(guard(request('shop') as never)).toMatchObject({ id: 'shop', name: 'Shop' })
    expect(() => guard(request('shop', 'https://evil.example') as never)).toThrow('origin not allowed')
    await expect(guard(request('nope') as never)).rejects.toThrow('invalid key')
    expect(() => guard(request('nope') as never)).toThrow('invalid key')
    await new ProjectStore(db).update('shop', { name: 'Renamed' })
    expect(guard(request('shop') as never)).toMatchObject({ name: 'Shop' })
    clock += 1_001
    await expect(guard(request('shop') as never)).resolves.toMatchObject({ name: 'Renamed' })
  })

  it('keeps both changes of two admin PATCHes of one project sent at once by two api processes', async () => {
    const [first, second] = await openShared()
    await migrate(first, [projectMigrations])
    await new ProjectStore(first).create({ id: 'shop', name: 'Shop' })
    const apps = [first, second].map(
      (shared) =>
        createApiApp({ db: shared, adminToken: token, logger: silentLogger, now: () => clock }).hono,
    )
    const patch = (app: Hono, body: object) =>
      app.request('/v1/admin/projects/shop', {
        method: 'PATCH',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    for (let round = 1; round <= 5; round++) {
      const [renamed, limited] = await Promise.all([
        patch(apps[0] as Hono, { name: `Shop ${round}` }),
        patch(apps[1] as Hono, { rateLimitPerMinute: round }),
      ])
      expect([renamed.status, limited.status]).toEqual([200, 200])
      expect(await new ProjectStore(first).get('shop'), `round ${round}`).toMatchObject({
        name: `Shop ${round}`,
        rateLimitPerMinute: round,
      })
    }
  })

  describe('admin routes', () => {
    let app: Hono
    const admin = (path: string, init: RequestInit = {}, bearer = token) =>
      app.request(path, {
        ...init,
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json', ...init.headers },
      })

    beforeEach(() => {
      app = createApiApp({ db, adminToken: token, logger: silentLogger, now: () => clock }).hono
    })

    it('require the admin token (401 JSON otherwise)', async () => {
      for (const authorization of [
        undefined,
        'Bearer wrong',
        `Basic ${token}`,
        `Bearer ${token}x`,
        'Bearer ',
      ]) {
        const response = await app.request('/v1/admin/projects', {
          headers: authorization === undefined ? {} : { authorization },
        })
        expect(response.status, String(authorization)).toBe(401)
        expect(await response.json()).toEqual({
          code: 'UNAUTHORIZED',
          message: 'Unauthorized: admin token required',
        })
        expect(response.headers.get('www-authenticate')).toBe('Bearer')
      }
    })

    it('create, list, read and patch projects; bad input is a 400 naming the field', async () => {
      const created = await admin('/v1/admin/projects', {
        method: 'POST',
        body: JSON.stringify({
          id: 'pairwise-demo',
          name: 'Demo',
          allowedOrigins: ['http://127.0.0.1:5173'],
          features: { email: true, activity: true },
        }),
      })
      expect(created.status).toBe(201)
      expect(await created.json()).toMatchObject({
        id: 'pairwise-demo',
        allowedOrigins: ['http://127.0.0.1:5173'],
      })
      const again = await admin('/v1/admin/projects', {
        method: 'POST',
        body: JSON.stringify({ id: 'pairwise-demo', name: 'Demo' }),
      })
      expect(again.status).toBe(409)
      const listed = (await (await admin('/v1/admin/projects')).json()) as { projects: { id: string }[] }
      expect(listed.projects.map((p) => p.id)).toEqual(['pairwise-demo'])
      const patched = await admin('/v1/admin/projects/pairwise-demo', {
        method: 'PATCH',
        body: JSON.stringify({ features: { activity: false } }),
      })
      expect(await patched.json()).toMatchObject({ features: { activity: false, email: true } })
      const config = await app.request('/v1/project/config?projectId=pairwise-demo')
      expect(await config.json()).toMatchObject({ features: { activity: false } })
      expect((await admin('/v1/admin/projects/nope')).status).toBe(404)
      expect((await admin('/v1/admin/projects/%2e%2e')).status).toBe(404)

      for (const [body, field] of [
        [{ allowedOrigins: ['https://*'] }, 'allowedOrigins.0'],
        [{ features: { swaps: 'yes' } }, 'features.swaps'],
        [{ features: { socials: ['myspace'] } }, 'features.socials'],
        [{ rateLimitPerMinute: 0 }, 'rateLimitPerMinute'],
        [{ name: '' }, 'name'],
        // PostgreSQL's TEXT cannot hold U+0000: stored, it failed with 500.
        [{ name: 'a\u0000b' }, 'name'],
        [{ owner: 'me' }, 'request'],
      ] as const) {
        const response = await admin('/v1/admin/projects/pairwise-demo', {
          method: 'PATCH',
          body: JSON.stringify(body),
        })
        expect(response.status, JSON.stringify(body)).toBe(400)
        const error = (await response.json()) as { code: string; message: string }
        expect(error.code).toBe('INVALID_REQUEST')
        expect(error.message.startsWith(`${field}:`), error.message).toBe(true)
      }
      const badId = await admin('/v1/admin/projects', {
        method: 'POST',
        body: JSON.stringify({ id: 'a b', name: 'x' }),
      })
      expect(badId.status).toBe(400)
    })

    it('serve the admin page with a strict CSP and no external assets', async () => {
      const page = await app.request('/admin')
      expect(page.status).toBe(200)
      expect(page.headers.get('content-type')).toContain('text/html')
      const csp = page.headers.get('content-security-policy') ?? ''
      expect(csp).toContain("default-src 'none'")
      expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/)
      expect(csp).not.toContain('unsafe-inline')
      expect(csp).toContain("frame-ancestors 'none'")
      const html = await page.text()
      expect(html).not.toMatch(/\b(src|href)=/)
      expect(html).toContain('sessionStorage')
    })
  })
})

describe('the fixed-window limiter', () => {
  it('counts per key per window and forgets stale windows first when full', () => {
    let now = 0
    const limiter = new FixedWindowLimiter({ windowMs: 1000, maxKeys: 2, now: () => now })
    expect([limiter.take('a', 2), limiter.take('a', 2), limiter.take('a', 2)]).toEqual([true, true, false])
    expect(limiter.take('b', 2)).toBe(true)
    now = 1000
    expect(limiter.take('a', 2)).toBe(true)
    expect(limiter.take('c', 2)).toBe(true)
    expect(limiter.size).toBe(2)
    expect(limiter.take('d', 2)).toBe(true)
    expect(limiter.size).toBe(2)
    expect(limiter.retryAfterSeconds()).toBe(1)
  })
})

describe('the longest project id a request may name', () => {
  it('is one bound for the guard and CORS: an id past it is refused by both without a lookup, one at it is looked up by both', async () => {
    const asked: string[] = []
    const lookup = {
      remembered: (id: string) => {
        asked.push(id)
        return { project: undefined }
      },
      lookUp: async (id: string) => {
        asked.push(id)
        return undefined
      },
    }
    const guard = projectGuard(lookup, {
      project: new FixedWindowLimiter({ now: () => 0 }),
      client: new FixedWindowLimiter({ now: () => 0 }),
    })
    const cors = new ProjectCors(lookup, {})
    const ask = async (projectId: string) => {
      const request = { query: () => projectId, header: () => undefined, client: () => '192.0.2.1' }
      expect(() => guard(request as never)).toThrow('invalid key')
      expect(await cors.allows('https://shop.example', projectId, '192.0.2.1')).toBe(false)
    }
    await ask('a'.repeat(MAX_PROJECT_ID_LENGTH + 1))
    expect(asked).toEqual([])
    await ask('a'.repeat(MAX_PROJECT_ID_LENGTH))
    expect(asked).toEqual(['a'.repeat(MAX_PROJECT_ID_LENGTH), 'a'.repeat(MAX_PROJECT_ID_LENGTH)])
  })
})
