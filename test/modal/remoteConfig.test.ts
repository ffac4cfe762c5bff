import { beforeAll, describe, expect, it } from 'vitest'
import type { AppKitOptions } from '../../modal/controllers/options.js'
import { loadRemoteConfig } from '../../modal/controllers/remoteConfig.js'
import type { CaipNetwork } from '../../modal/networks/types.js'
import type { Features } from '../../modal/state/types.js'
import { anvilPair, createKit, unreachableRpcUrl } from './support/kit.js'

let anvil: CaipNetwork

beforeAll(async () => {
  ;[anvil] = anvilPair(await unreachableRpcUrl())
})

const apiUrl = 'http://127.0.0.1:8788'
const appOrigin = 'https://shop.example.com'

const remote: Features = {
  email: true,
  socials: ['github'],
  swaps: false,
  onramp: true,
  activity: false,
  reownBranding: false,
  multiWallet: false,
}

type Route = { status: number; body: unknown }

/** A fetch serving the api's project routes from `routes` (by path), recording the paths asked for. */
function apiServing(routes: Record<string, Route>) {
  const paths: string[] = []
  const fetcher: typeof fetch = async (input) => {
    const url = new URL(String(input))
    paths.push(`${url.pathname}?${url.searchParams}`)
    const route = routes[url.pathname] ?? { status: 404, body: { code: 'NOT_FOUND', message: 'Not Found' } }
    return new Response(JSON.stringify(route.body), { status: route.status })
  }
  return { fetcher, paths }
}

function config(features: Features, basic = false): Route {
  return { status: 200, body: { projectId: 'p1', name: 'Shop', basic, features } }
}

const origins = (list: string[]): Route => ({ status: 200, body: { origins: list } })

async function started(options: Partial<AppKitOptions>, routes: Record<string, Route>, origin = appOrigin) {
  const { fetcher, paths } = apiServing(routes)
  const kit = createKit({ options: { networks: [anvil], ...options }, environment: { fetch: fetcher } })
  await loadRemoteConfig(kit.context, { api: kit.api, origin })
  const state = kit.store.get()
  return { kit, paths, features: state.features, alerts: state.alerts.map((a) => [a.severity, a.message]) }
}

/** ROLE-10's warning, in the spec's words, naming the overridden settings. */
const ignoredWarning = (names: string) =>
  `Local feature settings are ignored; the project's remote configuration applies instead: ${names}`

describe('remote project configuration', () => {
  it('without an apiUrl nothing is fetched and the local features apply', async () => {
    const { fetcher, paths } = apiServing({ '/v1/project/config': config(remote) })
    const kit = createKit({
      options: { networks: [anvil], projectId: 'p1', features: { swaps: false, history: false } },
      environment: { fetch: fetcher },
    })
    expect(kit.api).toBeUndefined()
    await loadRemoteConfig(kit.context, { api: kit.api, origin: appOrigin })
    expect(paths).toEqual([])
    expect(kit.store.get().features).toMatchObject({
      email: true,
      swaps: false,
      activity: false,
      onramp: true,
    })
    expect(kit.store.get().alerts).toEqual([])
  })

  it('ROLE-10 once fetched, the remote features replace the local ones and a warning names the local settings ignored', async () => {
    const { features, alerts, paths } = await started(
      { apiUrl, projectId: 'p1', features: { swaps: true, history: true, email: false, analytics: true } },
      { '/v1/project/config': config(remote), '/v1/project/origins': origins([appOrigin]) },
    )
    expect(paths[0]).toBe('/v1/project/config?projectId=p1')
    expect(features).toEqual(remote)
    expect(alerts).toEqual([['warning', ignoredWarning('features.email, features.swaps, features.history')]])
  })

  it('ROLE-10 a local setting the project agrees with is not named; one it overrides is', async () => {
    const { features, alerts } = await started(
      { apiUrl, projectId: 'p1', features: { socials: ['github'], onramp: true, swaps: true } },
      { '/v1/project/config': config(remote), '/v1/project/origins': origins([appOrigin]) },
    )
    expect(features).toEqual(remote)
    expect(alerts).toEqual([['warning', ignoredWarning('features.swaps')]])
  })

  it('ROLE-10 with no local feature settings the remote ones apply with no warning', async () => {
    const { features, alerts } = await started(
      { apiUrl, projectId: 'p1' },
      { '/v1/project/config': config({ ...remote, email: false, socials: false }) },
    )
    expect(features).toEqual({ ...remote, email: false, socials: false })
    expect(alerts).toEqual([])
  })

  it('ROLE-11 in basic mode every remote feature is off, whatever the project lists', async () => {
    const allOn: Features = {
      email: true,
      socials: ['google'],
      swaps: true,
      onramp: true,
      activity: true,
      reownBranding: true,
      multiWallet: true,
    }
    const { features, paths } = await started(
      { apiUrl, projectId: 'p1' },
      { '/v1/project/config': config(allOn, true) },
    )
    expect(Object.values(features).every((on) => on === false)).toBe(true)
    // Email and socials are off, so the origins are not asked for.
    expect(paths).toEqual(['/v1/project/config?projectId=p1'])
  })

  it('ERR-14 with email or socials on, an origin the project does not allow shows Invalid App Configuration', async () => {
    const routes = {
      '/v1/project/config': config(remote),
      '/v1/project/origins': origins(['https://*.other.org', 'https://example.com']),
    }
    const refused = await started({ apiUrl, projectId: 'p1' }, routes)
    expect(refused.paths).toEqual(['/v1/project/config?projectId=p1', '/v1/project/origins?projectId=p1'])
    expect(refused.alerts).toEqual([['error', 'Invalid App Configuration']])
    const allowed = await started({ apiUrl, projectId: 'p1' }, routes, 'https://shop.other.org')
    expect(allowed.alerts).toEqual([])
  })

  it("ERR-14 the server's 'Unauthorized: origin not allowed' shows Invalid App Configuration and keeps the local features", async () => {
    const { features, alerts } = await started(
      { apiUrl, projectId: 'p1', features: { swaps: false } },
      {
        '/v1/project/config': {
          status: 403,
          body: { code: 'ORIGIN_NOT_ALLOWED', message: 'Unauthorized: origin not allowed' },
        },
      },
    )
    expect(alerts).toEqual([['error', 'Invalid App Configuration']])
    expect(features).toMatchObject({ swaps: false, email: true, multiWallet: true })
  })

  it("ERR-15 a project id the server rejects with 'Unauthorized: invalid key' shows Invalid App Configuration", async () => {
    const { alerts } = await started(
      { apiUrl, projectId: 'nope' },
      {
        '/v1/project/config': {
          status: 401,
          body: { code: 'INVALID_KEY', message: 'Unauthorized: invalid key' },
        },
      },
    )
    expect(alerts).toEqual([['error', 'Invalid App Configuration']])
  })

  it("ERR-17 the server text 'JWT validation error: JWT Token is not yet valid' shows Session Expired", async () => {
    const { alerts } = await started(
      { apiUrl, projectId: 'p1' },
      {
        '/v1/project/config': {
          status: 401,
          body: { code: 'JWT', message: 'JWT validation error: JWT Token is not yet valid' },
        },
      },
    )
    expect(alerts).toEqual([['error', 'Session Expired']])
  })

  it('ERR-20 starting with an api but without a project id shows Project ID Not Configured and fetches nothing', async () => {
    const { alerts, paths, kit } = await started({ apiUrl }, { '/v1/project/config': config(remote) })
    expect(kit.api).toBeUndefined()
    expect(paths).toEqual([])
    expect(alerts).toEqual([['error', 'Project ID Not Configured']])
  })

  it('ERR-21 a server failure while fetching the configuration shows Server Error; the local features stay', async () => {
    const { alerts, features } = await started(
      { apiUrl, projectId: 'p1', features: { onramp: false } },
      { '/v1/project/config': { status: 500, body: { code: 'INTERNAL', message: 'boom' } } },
    )
    expect(alerts).toEqual([['error', 'Server Error']])
    expect(features).toMatchObject({ onramp: false, activity: true, reownBranding: true })
  })

  it('ERR-22 a rate-limit answer while fetching the configuration shows Rate Limited', async () => {
    const { alerts } = await started(
      { apiUrl, projectId: 'p1' },
      { '/v1/project/config': { status: 429, body: { code: 'RATE_LIMITED', message: 'Rate Limited' } } },
    )
    expect(alerts).toEqual([['error', 'Rate Limited']])
  })

  it('apiUrl must be a URL', () => {
    expect(() => createKit({ options: { networks: [anvil], apiUrl: 'not a url' } })).toThrow(/apiUrl/)
  })
})
