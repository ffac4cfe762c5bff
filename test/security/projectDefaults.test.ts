import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { createApiApp } from '../../services/api/app.js'
import { type Database, migrate, openDatabase } from '../../services/api/db/index.js'
import { ProjectStore, projectMigrations } from '../../services/api/projects/index.js'
import { runProjectCommand } from '../../services/cli/projectCommand.js'
import { silentLogger } from '../../services/relay/index.js'

const token = 'c'.repeat(64)
const dir = mkdtempSync(join(tmpdir(), 'pairwise-project-defaults-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const closed = {
  email: false,
  socials: false,
  swaps: false,
  onramp: false,
  activity: false,
  reownBranding: false,
  multiWallet: false,
}

let db: Database
let file: string
let count = 0
beforeEach(async () => {
  file = join(dir, `api-${count++}.sqlite`)
  db = await openDatabase(file)
  await migrate(db, [projectMigrations])
  return () => db.close()
})

const admin = (path: string, body: unknown, method = 'POST') =>
  createApiApp({ db, adminToken: token, logger: silentLogger }).hono.request(path, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

describe('a new project starts closed', () => {
  it('has no allowed origins and every feature off when nothing is named', async () => {
    const project = await new ProjectStore(db).create({ id: 'shop', name: 'Shop' })
    expect(project.allowedOrigins).toEqual([])
    expect(project.features).toEqual(closed)
  })

  it('gets only the features and origins the operator names, through the admin api', async () => {
    const bare = await admin('/v1/admin/projects', { id: 'bare', name: 'Bare' })
    expect(bare.status).toBe(201)
    expect(await bare.json()).toMatchObject({ allowedOrigins: [], features: closed })
    const named = await admin('/v1/admin/projects', {
      id: 'named',
      name: 'Named',
      allowedOrigins: ['https://shop.example'],
      features: { email: true },
    })
    expect(named.status).toBe(201)
    expect(await named.json()).toMatchObject({
      allowedOrigins: ['https://shop.example'],
      features: { ...closed, email: true },
    })
  })

  it('gets only the features the operator names, through `pairwise project create`', async () => {
    await db.close()
    const lines: string[] = []
    const context = { env: {}, print: (line: string) => lines.push(line) }
    await runProjectCommand(['create', 'cli', '--database', file, '--activity', 'on'], context)
    db = await openDatabase(file)
    const project = await new ProjectStore(db).get('cli')
    expect(project?.allowedOrigins).toEqual([])
    expect(project?.features).toEqual({ ...closed, activity: true })
    expect(lines.join('\n')).toContain('origins: none')
  })

  it('admits no page by default: a stored wildcard directly under a public suffix admits nothing', async () => {
    await db.run(
      'INSERT INTO projects (id, name, allowed_origins, basic, features, rate_limit_per_minute, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      [
        'old',
        'Old',
        JSON.stringify(['https://*.vercel.app', 'https://*.shop.example', 'https://*.co.uk']),
        0,
        '{}',
        600,
        0,
        0,
      ],
    )
    const project = await new ProjectStore(db).get('old')
    expect(project?.allowedOrigins).toEqual(['https://*.shop.example'])
    expect(project?.features).toEqual(closed)
  })
})

describe('origin wildcards directly under a public suffix are refused', () => {
  const refused = [
    'https://*.co.uk',
    'https://*.com.au',
    'https://*.vercel.app',
    'https://*.pages.dev',
    'https://*.ngrok-free.app',
    'https://*.github.io',
  ]

  it('answers 400 naming the entry on create and on change', async () => {
    for (const origin of refused) {
      const response = await admin('/v1/admin/projects', { name: 'Shop', allowedOrigins: [origin] })
      expect(response.status, origin).toBe(400)
      expect(((await response.json()) as { message: string }).message, origin).toMatch(
        /allowedOrigins\.0: .*public suffix/,
      )
    }
    await new ProjectStore(db).create({ id: 'shop', name: 'Shop' })
    const patch = await admin('/v1/admin/projects/shop', { allowedOrigins: ['https://*.co.uk'] }, 'PATCH')
    expect(patch.status).toBe(400)
  })

  it('refuses them in `pairwise project set`, naming the entry', async () => {
    await new ProjectStore(db).create({ id: 'shop', name: 'Shop' })
    await db.close()
    const context = { env: {}, print: () => undefined }
    await expect(
      runProjectCommand(['set', 'shop', '--database', file, '--origins', 'https://*.co.uk'], context),
    ).rejects.toThrow("--origins entry 'https://*.co.uk': ")
    db = await openDatabase(file)
  })

  it('accepts a wildcard under a registrable domain, even one on a public suffix', async () => {
    for (const origin of [
      'https://*.example.co.uk',
      'https://*.shop.example',
      'https://*.myapp.pages.dev',
      'https://myapp.vercel.app',
    ]) {
      const response = await admin('/v1/admin/projects', { name: 'Shop', allowedOrigins: [origin] })
      expect(response.status, origin).toBe(201)
    }
  })
})
