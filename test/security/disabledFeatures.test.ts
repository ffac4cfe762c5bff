import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiModules } from '../../services/api/apiModules.js'
import { createApiApp } from '../../services/api/app.js'
import { migrate, openDatabase } from '../../services/api/db/index.js'
import { ProjectStore, projectMigrations } from '../../services/api/projects/index.js'
import { nativeTokenAddress } from '../../services/api/swap/index.js'
import { devPrivateKeys } from '../../services/chain/index.js'
import { type ChainFixture, startChainFixture } from '../support/chain.js'

const holder = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const allOn = {
  email: true,
  socials: false as const,
  swaps: true,
  onramp: true,
  activity: true,
  reownBranding: true,
  multiWallet: true,
}

/** Each gated route, the feature it belongs to, and how it is called. */
const gated: { feature: string; method: 'GET' | 'POST'; path: string; body?: unknown }[] = [
  { feature: 'onramp', method: 'GET', path: '/v1/onramp/options' },
  { feature: 'onramp', method: 'POST', path: '/v1/onramp/quote', body: {} },
  { feature: 'onramp', method: 'POST', path: '/v1/onramp/orders', body: {} },
  { feature: 'onramp', method: 'GET', path: `/v1/onramp/orders?address=${holder}` },
  { feature: 'onramp', method: 'GET', path: '/v1/onramp/orders/order-1' },
  { feature: 'onramp', method: 'POST', path: '/v1/onramp/orders/order-1/payment', body: {} },
  { feature: 'onramp', method: 'GET', path: '/v1/onramp/providers' },
  { feature: 'onramp', method: 'POST', path: '/v1/onramp/coinbase/session', body: { address: holder } },
  { feature: 'swaps', method: 'GET', path: '/v1/swap/tokens?chainId=eip155:31337' },
  { feature: 'activity', method: 'GET', path: `/v1/activity?caipNetworkId=eip155:31337&address=${holder}` },
  { feature: 'names', method: 'GET', path: '/v1/names/suggestions/alice' },
  { feature: 'names', method: 'GET', path: `/v1/names/reverse/${holder}` },
  { feature: 'names', method: 'GET', path: '/v1/names/alice.pairwise.eth' },
  { feature: 'names', method: 'POST', path: '/v1/names', body: {} },
  { feature: 'analytics', method: 'POST', path: '/v1/analytics/events', body: { events: [] } },
]

const messages: Record<string, string> = {
  onramp: 'Onramp is not enabled for this project',
  swaps: 'Swaps are not enabled for this project',
  activity: 'Activity is not enabled for this project',
  names: 'Names are not available to a project in basic mode',
  analytics: 'Analytics are not available to a project in basic mode',
}

describe('the api refuses the routes of a feature the project has off (403 FEATURE_DISABLED)', () => {
  let app: Hono
  let store: ProjectStore
  let chain: ChainFixture
  const call = (route: (typeof gated)[number], projectId: string) => {
    const mark = route.path.includes('?') ? '&' : '?'
    return app.request(`http://api.test${route.path}${mark}projectId=${projectId}`, {
      method: route.method,
      ...(route.body === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(route.body) }),
    })
  }

  beforeAll(async () => {
    chain = await startChainFixture()
    const db = await openDatabase(':memory:')
    // The modules as `pairwise start` wires them: the onramp sandbox on a local chain, swaps, names.
    const modules = apiModules({
      adminToken: 'a'.repeat(64),
      indexer: false,
      chains: [
        {
          chainId: 31337,
          rpcUrl: chain.rpcUrl,
          nativeCurrency: { name: 'Test Ether', symbol: 'tETH', decimals: 18 },
        },
      ],
      onramp: {
        sandbox: {
          chainId: 31337,
          rpcUrl: chain.rpcUrl,
          testUsdc: chain.fixtures.testUsdc,
          deliveryKey: devPrivateKeys[1],
        },
      },
      swap: {
        chains: [
          {
            chainId: 'eip155:31337',
            router: '0x1111111111111111111111111111111111111111',
            weth: '0x2222222222222222222222222222222222222222',
            tokens: [
              { name: 'Test Ether', symbol: 'tETH', address: nativeTokenAddress, decimals: 18, logoUri: '' },
            ],
          },
        ],
      },
    })
    await migrate(db, [projectMigrations, ...modules.migrations])
    store = new ProjectStore(db)
    const limit = { rateLimitPerMinute: 1_000_000 }
    await store.create({ id: 'closed', name: 'Closed', ...limit })
    await store.create({ id: 'basic', name: 'Basic', basic: true, features: allOn, ...limit })
    await store.create({ id: 'open', name: 'Open', features: allOn, ...limit })
    app = createApiApp({
      db,
      adminToken: 'a'.repeat(64),
      logger: { info() {}, warn() {}, error() {} },
      routes: modules.routes,
      // Each request reads the project afresh, so a feature turned off applies at once.
      projectCache: { cacheMs: 0 },
    }).hono
  }, 60_000)

  afterAll(async () => {
    await chain?.stop()
  })

  it('refuses onramp, swaps and activity routes for a project with those features off', async () => {
    for (const route of gated.filter((each) => ['onramp', 'swaps', 'activity'].includes(each.feature))) {
      const answer = await call(route, 'closed')
      expect({ path: route.path, status: answer.status, body: await answer.json() }).toEqual({
        path: route.path,
        status: 403,
        body: { code: 'FEATURE_DISABLED', message: messages[route.feature] },
      })
    }
  })

  it('refuses every remote feature, names and analytics included, for a project in basic mode', async () => {
    for (const route of gated) {
      const answer = await call(route, 'basic')
      expect({ path: route.path, status: answer.status, body: await answer.json() }).toEqual({
        path: route.path,
        status: 403,
        body: { code: 'FEATURE_DISABLED', message: messages[route.feature] },
      })
    }
  })

  it('serves the same routes to a project with the features on (whatever else they answer)', async () => {
    for (const route of gated) {
      const answer = await call(route, 'open')
      const body = answer.status === 204 ? {} : ((await answer.json()) as { code?: string })
      expect({ path: route.path, code: body.code }).not.toEqual({
        path: route.path,
        code: 'FEATURE_DISABLED',
      })
      expect(answer.status).not.toBe(403)
    }
  })

  it("refuses the sandbox checkout pages of a quote once its project's onramp is off", async () => {
    await store.create({
      id: 'shop',
      name: 'Shop',
      features: { onramp: true },
      rateLimitPerMinute: 1_000_000,
    })
    const quoted = await app.request('http://api.test/v1/onramp/quote?projectId=shop', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        purchaseCurrency: { id: 'tUSDC' },
        paymentCurrency: { id: 'USD' },
        amount: '50',
        caipNetworkId: 'eip155:31337',
        address: holder,
      }),
    })
    expect(quoted.status).toBe(200)
    const { quoteId } = (await quoted.json()) as { quoteId: string }
    const page = `http://api.test/sandbox/checkout/${encodeURIComponent(quoteId)}`
    expect((await app.request(page)).status).toBe(200)
    await store.update('shop', { features: { onramp: false } })
    const refused = await app.request(page)
    expect(refused.status).toBe(403)
    expect(await refused.text()).toContain('Onramp is not enabled for this project')
    const paid = await app.request(page, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ number: '4242424242424242', idempotencyKey: 'key-1' }).toString(),
    })
    expect(paid.status).toBe(403)
  })
})
