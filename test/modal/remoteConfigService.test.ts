import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { loadRemoteConfig } from '../../modal/controllers/remoteConfig.js'
import type { CaipNetwork } from '../../modal/networks/types.js'
import { createApiApp } from '../../services/api/app.js'
import { type Database, migrate, openDatabase } from '../../services/api/db/index.js'
import { ProjectStore, projectMigrations } from '../../services/api/projects/index.js'
import { anvilPair, createKit, unreachableRpcUrl } from './support/kit.js'

const apiUrl = 'http://127.0.0.1:8788'
const appOrigin = 'https://shop.example.com'
let anvil: CaipNetwork
let db: Database | undefined

beforeAll(async () => {
  ;[anvil] = anvilPair(await unreachableRpcUrl())
})
afterEach(() => db?.close())

/** The real api app, its project store holding `shop`, reached through a fetch that records its paths. */
async function api(project: Parameters<ProjectStore['create']>[0]) {
  db = await openDatabase(':memory:')
  await migrate(db, [projectMigrations])
  await new ProjectStore(db).create(project)
  const app = createApiApp({
    db,
    adminToken: 'a'.repeat(64),
    logger: { info() {}, warn() {}, error() {} },
  }).hono
  const paths: string[] = []
  const fetcher: typeof fetch = (input, init) => {
    const url = new URL(String(input))
    paths.push(url.pathname)
    return Promise.resolve(app.request(url.href, { ...init, headers: { Origin: appOrigin } }))
  }
  return { fetcher, paths }
}

describe('the modal and the api service', () => {
  it("CALL-13 at start the modal fetches the project's configuration and allowed origins from the api, and applies them", async () => {
    const { fetcher, paths } = await api({
      id: 'shop',
      name: 'Shop',
      allowedOrigins: ['https://*.example.com'],
      features: { email: true, swaps: false, activity: false },
    })
    const kit = createKit({
      options: { networks: [anvil], apiUrl, projectId: 'shop' },
      environment: { fetch: fetcher },
    })
    await loadRemoteConfig(kit.context, { api: kit.api, origin: appOrigin })
    expect(paths).toEqual(['/v1/project/config', '/v1/project/origins'])
    expect(kit.store.get().features).toMatchObject({ email: true, swaps: false, activity: false })
    expect(kit.store.get().alerts).toEqual([])
  })

  it('CALL-13 an origin the project does not allow, as the api lists them, shows Invalid App Configuration', async () => {
    const { fetcher } = await api({ id: 'shop', name: 'Shop', allowedOrigins: ['https://other.example.org'] })
    const kit = createKit({
      options: { networks: [anvil], apiUrl, projectId: 'shop' },
      environment: { fetch: fetcher },
    })
    await loadRemoteConfig(kit.context, { api: kit.api, origin: appOrigin })
    expect(kit.store.get().alerts.map((alert) => alert.message)).toEqual(['Invalid App Configuration'])
  })
})
