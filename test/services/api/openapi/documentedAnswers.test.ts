import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { testCardNumbers } from '../../../../services/api/onramp/index.js'
import type { RouteDoc } from '../../../../services/api/openapi/routeDoc.js'
import { devPrivateKeys } from '../../../../services/chain/index.js'
import { type ChainFixture, startChainFixture } from '../../../support/chain.js'
import { challengeIn, loadVerifyFrame, registerFromFrame } from '../support/verifyFrameClient.js'
import { expectDocumented } from './documentedAnswers.js'
import { adminToken, type EveryModuleApi, everyModuleApi, origin, projectId } from './everyModuleApi.js'

const account = privateKeyToAccount(devPrivateKeys[2])
const address = account.address
const hash = 'ab'.repeat(32)
const json = (method: string, body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
})
const admin = { authorization: `Bearer ${adminToken}` }

describe("the api's real answers against the reference", () => {
  let chain: ChainFixture
  let api: EveryModuleApi
  let network: string
  const seen = new Set<RouteDoc>()
  /** Calls the api as a page on the project's origin would, and holds the answer to the reference. */
  const call = async (path: string, init: RequestInit = {}) => {
    const url = `http://api.test${path}`
    const headers = new Headers(init.headers)
    if (!headers.has('origin')) headers.set('origin', origin)
    const answer = await api.app.hono.request(url, { ...init, headers })
    const route = await expectDocumented(init.method ?? 'GET', url, answer.clone())
    if (answer.status < 400) seen.add(route)
    return answer
  }
  const withProject = (path: string, query: Record<string, string> = {}) =>
    `${path}?${new URLSearchParams({ projectId, ...query })}`

  beforeAll(async () => {
    chain = await startChainFixture()
    network = `eip155:${chain.chainId}`
    api = await everyModuleApi({
      chainId: chain.chainId,
      rpcUrl: chain.rpcUrl,
      testUsdc: chain.fixtures.testUsdc,
    })
  })
  afterAll(async () => {
    await api?.close()
    await chain?.stop()
  })

  test('CALL-01 the project, admin, health and reference routes answer as documented', async () => {
    await call('/health')
    await call('/openapi.json')
    await call(withProject('/v1/project/config'))
    await call(withProject('/v1/project/origins'))
    await call('/v1/admin/projects', { headers: admin })
    await call('/v1/admin/projects', json('POST', { name: 'Second' }, admin))
    await call(`/v1/admin/projects/${projectId}`, { headers: admin })
    await call(`/v1/admin/projects/${projectId}`, json('PATCH', { name: 'Reference' }, admin))
    await call('/v1/admin/projects/nobody', { headers: admin })
    await call('/admin')
  })

  test('CALL-01 the chain, analytics, wallet and swap routes answer as documented', async () => {
    await call(
      withProject('/v1', { chainId: network }),
      json('POST', { jsonrpc: '2.0', id: 1, method: 'test' }),
    )
    await call(
      withProject('/v1', { chainId: network }),
      json('POST', [{ jsonrpc: '2.0', id: 'a', method: 'test' }]),
    )
    await call(withProject('/v1/activity', { address, caipNetworkId: network }))
    await call(withProject('/v1/nfts', { address, caipNetworkId: network }))
    await call(withProject('/v1/balances', { address, caipNetworkId: network }))
    const event = { type: 'pageview', name: 'view', path: '/', at: Date.now() }
    await call(withProject('/v1/analytics/events'), {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify({ events: [event] }),
    })
    await call(withProject('/v1/analytics/stats', { days: '7' }), { headers: admin })
    await call('/admin/analytics')
    const wallets = await (await call('/v1/wallets')).json()
    const icon = new URL(wallets.find((wallet: { imageUrl?: string }) => wallet.imageUrl).imageUrl).pathname
    await call(icon)
    await call(withProject('/v1/swap/tokens', { chainId: network }))
  })

  test('CALL-01 the verify routes answer as documented', async () => {
    const request = (path: string, init?: RequestInit) => call(path, init)
    await call('/v3/public-key')
    await call(`/attestation/${hash}`)
    const page = await loadVerifyFrame(request, origin, { projectId })
    expect(page.status).toBe(200)
    const challenge = challengeIn(await page.text())
    await registerFromFrame(request, { challenge, id: hash, decryptedId: hash })
    await call(`/attestation/${hash}?v2Supported=true`)
  })

  test('CALL-01 the sign-in and names routes answer as documented', async () => {
    await call(withProject('/siwx/nonce'), { method: 'POST' })
    await call(withProject('/siwx/sessions', { chainId: network, address }))
    await call(withProject('/siwx/sessions', { chainId: network, address }), { method: 'DELETE' })
    await call(withProject('/siwx/sessions'), json('PUT', []))
    await call(withProject('/siwx/me'))
    await call(withProject('/siwx/sign-out'), { method: 'POST' })
    await call(withProject('/siwx/sessions'), json('POST', {}))
    await call(withProject('/v1/names/suggestions/alice'))
    await call(withProject(`/v1/names/reverse/${address}`))
    await call(withProject('/v1/names/alice.pairwise.eth'))
    await call(withProject('/v1/names'), json('POST', { coin_type: 60 }))
    const name = 'reference.pairwise.eth'
    const message = JSON.stringify({ name, attributes: {}, timestamp: Math.floor(Date.now() / 1000) })
    const registration = {
      // ENSIP-11: the chain's coin type.
      coin_type: 2 ** 31 + chain.chainId,
      address: account.address,
      message,
      signature: await account.signMessage({ message }),
    }
    expect((await call(withProject('/v1/names'), json('POST', registration))).status).toBe(200)
    await call(withProject(`/v1/names/${name}`))
    await call(withProject(`/v1/names/reverse/${account.address}`))
    await call(`/ccip/${address}/0x.json`)
    await call('/ccip', json('POST', { sender: address, data: '0x' }))
  })

  test('CALL-01 the onramp routes and pages answer as documented', async () => {
    await call(withProject('/v1/onramp/providers'))
    await call(withProject('/v1/onramp/coinbase/session'), json('POST', { address }))
    await call(withProject('/v1/onramp/options'))
    const quote = async () => {
      const body = { purchaseCurrency: { id: 'tUSDC' }, paymentCurrency: { id: 'USD' }, amount: '20' }
      const answer = await call(
        withProject('/v1/onramp/quote'),
        json('POST', { ...body, caipNetworkId: network, address }),
      )
      return ((await answer.json()) as { quoteId: string }).quoteId
    }
    const quoteId = await quote()
    await call(`/sandbox/checkout/${encodeURIComponent(quoteId)}`)
    const once = { 'idempotency-key': 'order-1' }
    const order = await call(withProject('/v1/onramp/orders'), json('POST', { quoteId }, once))
    expect(order.status).toBe(201)
    const { id } = (await order.json()) as { id: string }
    expect((await call(withProject('/v1/onramp/orders'), json('POST', { quoteId }, once))).status).toBe(200)
    const card = { number: testCardNumbers.succeeds, expiry: '12/34', cvc: '123' }
    await call(withProject(`/v1/onramp/orders/${id}/payment`), json('POST', { quoteId, card }))
    await call(withProject('/v1/onramp/orders', { address }))
    await call(withProject(`/v1/onramp/orders/${id}`))
    await call(`/sandbox/orders/${id}`)
    await call('/sandbox/checkout.css')
    const form = new URLSearchParams({ ...card, idempotencyKey: 'form-1' })
    const paid = await call(`/sandbox/checkout/${encodeURIComponent(await quote())}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    })
    expect(paid.status).toBe(303)
  })

  test('CALL-01 most documented routes were seen answering with success', () => {
    // Seen refusing only: a sign-in and /siwx/me (a signed sign-in message is the sign-in suite's) and the
    // CCIP-read gateway (a resolver's call data is the names suite's).
    expect(seen.size).toBeGreaterThanOrEqual(44)
  })
})
