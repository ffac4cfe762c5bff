import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { migrate } from '../../../services/api/db/index.js'
import {
  ProjectStore,
  projectMigrations,
  projectPatchSchema,
  smartAccountNetworksSchema,
} from '../../../services/api/projects/index.js'
import { runProjectCommand } from '../../../services/cli/projectCommand.js'
import { type FrameConfig, frameConfigTagId } from '../../../services/frame/frameConfig.js'
import { frameRoutes } from '../../../services/frame/index.js'
import { eachDatabase } from './support/databases.js'

const dir = mkdtempSync(join(tmpdir(), 'pairwise-smart-networks-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe.each(eachDatabase())('FRAME-13 smart account networks stored with the project on $name', ({
  open,
}) => {
  it('FRAME-13 a new project has smart accounts off; the list is set, read back and kept by other edits', async () => {
    const db = await open()
    await migrate(db, [projectMigrations])
    const store = new ProjectStore(db)
    expect((await store.create({ id: 'shop', name: 'Shop' })).smartAccountNetworks).toEqual([])
    expect(
      (await store.create({ id: 'lab', name: 'Lab', smartAccountNetworks: [31337] })).smartAccountNetworks,
    ).toEqual([31337])
    await store.update('shop', { smartAccountNetworks: [8453, 31337] })
    await store.update('shop', { name: 'Shop 2', features: { email: true } })
    expect(await store.get('shop')).toMatchObject({ name: 'Shop 2', smartAccountNetworks: [8453, 31337] })
    await store.update('shop', { smartAccountNetworks: [] })
    expect((await store.get('shop'))?.smartAccountNetworks).toEqual([])
  })

  it('FRAME-13 a project written before the column has smart accounts off after the migration', async () => {
    const db = await open()
    const [first] = projectMigrations.steps
    await migrate(db, [{ module: 'projects', steps: first ? [first] : [] }])
    await db.run(
      `INSERT INTO projects (id, name, allowed_origins, basic, features, rate_limit_per_minute, created_at, updated_at)
       VALUES ('old', 'Old', '[]', 0, '{}', 600, 1, 1)`,
    )
    await migrate(db, [projectMigrations])
    expect((await new ProjectStore(db).get('old'))?.smartAccountNetworks).toEqual([])
  })
})

describe('FRAME-13 the smart account networks schema', () => {
  it('FRAME-13 admits positive integer chain ids, each once, at most 32; refuses anything else', () => {
    expect(smartAccountNetworksSchema.parse([1, 8453, 31337])).toEqual([1, 8453, 31337])
    const many = Array.from({ length: 33 }, (_, i) => i + 1)
    for (const bad of [[0], [-1], [1.5], [Number.MAX_SAFE_INTEGER + 1], [1, 1], many, ['1'], ['eip155:1']])
      expect(smartAccountNetworksSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false)
    expect(projectPatchSchema.safeParse({ smartAccountNetworks: [10, 10] }).success).toBe(false)
  })
})

async function project(database: string, ...args: string[]): Promise<string> {
  const lines: string[] = []
  await runProjectCommand([...args, '--database', database], { env: {}, print: (line) => lines.push(line) })
  return lines.join('\n')
}

describe('FRAME-13 pairwise project --smart-accounts', () => {
  it('FRAME-13 sets the chains with smart accounts on, shows them, turns them off, and names a bad entry', async () => {
    const database = join(dir, 'cli.sqlite')
    expect(await project(database, 'create', 'shop')).toContain('smart-accounts=off')
    expect(await project(database, 'set', 'shop', '--smart-accounts', '31337, 8453')).toContain(
      'smart-accounts=31337,8453',
    )
    expect(await project(database, 'show', 'shop')).toContain('smart-accounts=31337,8453')
    expect(await project(database, 'set', 'shop', '--smart-accounts', 'off')).toContain('smart-accounts=off')
    const cases: [string, RegExp][] = [
      ['eip155:1', /--smart-accounts entry 'eip155:1': not a chain id/],
      ['0x1', /--smart-accounts entry '0x1': not a chain id/],
      ['1,1', /--smart-accounts: a chain is listed twice/],
      ['0', /--smart-accounts: /],
      [Array.from({ length: 33 }, (_, i) => i + 1).join(','), /--smart-accounts: /],
    ]
    for (const [value, message] of cases)
      await expect(project(database, 'set', 'shop', '--smart-accounts', value), value).rejects.toThrow(
        message,
      )
  })
})

describe('FRAME-13 the frame page of a project', () => {
  it("FRAME-13 writes the project's smart account networks into the frame's config", async () => {
    writeFileSync(
      join(dir, 'index.html'),
      `<html><script id="${frameConfigTagId}" type="application/json"></script></html>`,
    )
    const routes = frameRoutes({
      projects: {
        lookUp: async (id) => ({
          id,
          name: 'Shop',
          allowedOrigins: ['https://shop.example'],
          basic: false,
          features: {
            email: true,
            socials: false,
            swaps: false,
            onramp: false,
            activity: false,
            reownBranding: false,
            multiWallet: false,
          },
          rateLimitPerMinute: 60,
          smartAccountNetworks: [31337],
          createdAt: 0,
          updatedAt: 0,
        }),
      },
      clientOf: () => 'a client',
      chains: [],
      distDir: dir,
      frameVersion: '0.0.0',
    })
    const answer = await routes.request('/frame?projectId=shop&version=1')
    expect(answer.status).toBe(200)
    const json = (await answer.text()).match(/type="application\/json">([^<]*)</)?.[1] ?? ''
    expect((JSON.parse(json) as FrameConfig).smartAccountNetworks).toEqual([31337])
  })
})
