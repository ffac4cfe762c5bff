import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createApiApp } from '../../services/api/app.js'
import { ApiChains, localApiChain } from '../../services/api/chains/index.js'
import { migrate, openDatabase } from '../../services/api/db/index.js'
import { ProjectStore, projectMigrations } from '../../services/api/projects/index.js'
import { rpcProxyRoutes } from '../../services/api/rpcProxy/index.js'
import { parseTrustedProxies, type TrustedProxies } from '../../services/relay/index.js'

const projectLimit = 50
const servers: Server[] = []

/** The api on a real socket (so the TCP peer is real) with a public project of 50 requests a minute. */
async function api(trustProxy?: TrustedProxies): Promise<string> {
  const db = await openDatabase(':memory:')
  await migrate(db, [projectMigrations])
  const store = new ProjectStore(db)
  await store.create({ id: 'public', name: 'Public', rateLimitPerMinute: projectLimit })
  // For the RPC proxy's own per-minute call budget, under a request ceiling no test reaches.
  await store.create({ id: 'busy', name: 'Busy', rateLimitPerMinute: 1_000_000 })
  // The proxy's chain is never reached: `test` pings are answered by the proxy itself.
  const chains = new ApiChains([
    localApiChain({ rpcUrl: 'http://127.0.0.1:9', testUsd: '0x0000000000000000000000000000000000000001' }),
  ])
  const { listener } = createApiApp({
    db,
    adminToken: 'admin',
    logger: { info() {}, warn() {}, error() {} },
    ...(trustProxy ? { trustProxy } : {}),
    routes: [(deps) => rpcProxyRoutes({ ...deps, chains, limits: { requestsPerMinute: 100_000 } })],
  })
  const server = createServer(listener)
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

const config = (url: string, forwardedFor: string) =>
  fetch(`${url}/v1/project/config?projectId=public`, { headers: { 'x-forwarded-for': forwardedFor } }).then(
    async (response) => {
      await response.arrayBuffer()
      return response.status
    },
  )

const pings = (url: string, forwardedFor: string, calls: number) =>
  fetch(`${url}/v1?chainId=eip155:31337&projectId=busy`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify(Array.from({ length: calls }, (_, id) => ({ jsonrpc: '2.0', id, method: 'test' }))),
  }).then(async (response) => {
    await response.arrayBuffer()
    return response.status
  })

/** Requests from `client` until the first 429; how many were answered before it. */
async function floodUntilRefused(send: () => Promise<number>): Promise<number> {
  for (let answered = 0; answered <= projectLimit + 1; answered++) {
    const status = await send()
    if (status === 429) return answered
    expect(status).toBe(200)
  }
  throw new Error('never refused')
}

afterEach(() => {
  for (const server of servers.splice(0)) server.close()
})

describe("one client's flood leaves another client's budget on the same project untouched", () => {
  it('behind a trusted proxy, the client X-Forwarded-For names is refused alone; the next client is answered', async () => {
    const url = await api(parseTrustedProxies('127.0.0.1'))
    const answered = await floodUntilRefused(() => config(url, '203.0.113.1'))
    expect(answered).toBeLessThan(projectLimit)
    expect(answered).toBeGreaterThan(0)
    expect(await config(url, '203.0.113.1')).toBe(429)
    for (let i = 0; i < answered; i++) expect(await config(url, '203.0.113.2')).toBe(200)
  })

  it('counts the RPC proxy batch calls per client too: a batch flood does not starve another client', async () => {
    const url = await api(parseTrustedProxies('127.0.0.1'))
    let refused = false
    for (let i = 0; i < 200 && !refused; i++) refused = (await pings(url, '203.0.113.1', 100)) === 429
    expect(refused).toBe(true)
    expect(await pings(url, '203.0.113.2', 100)).toBe(200)
  })

  it('counts the addresses of one IPv6 /64 as one client', async () => {
    const url = await api(parseTrustedProxies('127.0.0.1'))
    const answered = await floodUntilRefused(() =>
      config(url, `2001:db8:1:2::${Math.floor(Math.random() * 65535).toString(16)}`),
    )
    expect(answered).toBeLessThan(projectLimit)
    expect(await config(url, '2001:db8:1:3::1')).toBe(200)
  })

  it('without a trusted proxy, a forged X-Forwarded-For changes nothing: the TCP peer is the client', async () => {
    const url = await api()
    const answered = await floodUntilRefused(() =>
      config(url, `198.51.100.${Math.floor(Math.random() * 250)}`),
    )
    expect(answered).toBeLessThan(projectLimit)
    for (const forged of ['203.0.113.7', '10.0.0.1', '127.0.0.1']) expect(await config(url, forged)).toBe(429)
  })
})
