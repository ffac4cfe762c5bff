import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { Agent } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { localApiChain } from '../../services/api/chains/index.js'
import { ProjectStore, type RunningApi, startApi } from '../../services/api/index.js'
import { type ChainFixture, startChainFixture } from '../support/chain.js'
import {
  type FuzzRoute,
  fuzzRequest,
  leaksInternals,
  seededRandom,
  sendRequest,
} from './support/fuzzRequests.js'

/**
 * Acceptance 5 of issue 12: 10,000 fuzzed bodies, query strings and headers across every route of the api
 * service: no crash, no 500, no stack trace or path in an answer; afterwards `/health` and a valid balance
 * request still answer.
 */
const holder = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const routes: FuzzRoute[] = [
  { method: 'GET', path: '/health', queryKeys: [] },
  { method: 'GET', path: '/v1/project/config', queryKeys: ['projectId'] },
  { method: 'GET', path: '/v1/project/origins', queryKeys: ['projectId'] },
  { method: 'GET', path: '/v1/balances', queryKeys: ['projectId', 'address', 'caipNetworkId'] },
  {
    method: 'GET',
    path: '/v1/activity',
    queryKeys: ['projectId', 'address', 'caipNetworkId', 'cursor', 'limit'],
  },
  { method: 'GET', path: '/v1/nfts', queryKeys: ['projectId', 'address', 'caipNetworkId'] },
  { method: 'POST', path: '/v1', queryKeys: ['projectId', 'chainId'] },
  { method: 'POST', path: '/v1/analytics/events', queryKeys: ['projectId'] },
  { method: 'GET', path: '/v1/analytics/stats', queryKeys: ['projectId', 'days'] },
  { method: 'GET', path: '/admin/analytics', queryKeys: ['projectId'] },
  { method: 'GET', path: '/v1/wallets', queryKeys: [] },
  { method: 'GET', path: '/v1/wallets/icons/test-wallet.svg', queryKeys: [] },
  { method: 'GET', path: '/v3/public-key', queryKeys: [] },
  { method: 'GET', path: `/attestation/${'ab'.repeat(32)}`, queryKeys: ['v2Supported'] },
  { method: 'POST', path: '/attestation', queryKeys: ['projectId'] },
  { method: 'GET', path: '/verify/frame', queryKeys: ['origin', 'projectId'] },
  { method: 'GET', path: '/v1/admin/projects', queryKeys: [] },
  { method: 'POST', path: '/v1/admin/projects', queryKeys: [] },
  { method: 'PATCH', path: '/v1/admin/projects/fuzz', queryKeys: [] },
  { method: 'GET', path: '/admin', queryKeys: [] },
  { method: 'POST', path: '/siwx/nonce', queryKeys: ['projectId'] },
  { method: 'POST', path: '/siwx/sessions', queryKeys: ['projectId', 'auth'] },
  { method: 'GET', path: '/siwx/sessions', queryKeys: ['projectId', 'chainId', 'address'] },
  { method: 'DELETE', path: '/siwx/sessions', queryKeys: ['projectId', 'chainId', 'address'] },
  { method: 'PUT', path: '/siwx/sessions', queryKeys: ['projectId'] },
  { method: 'GET', path: '/siwx/me', queryKeys: ['projectId'] },
  { method: 'POST', path: '/siwx/sign-out', queryKeys: ['projectId'] },
]

describe('the api service under 10,000 fuzzed requests', () => {
  let chain: ChainFixture
  let api: RunningApi
  let dir: string
  beforeAll(async () => {
    chain = await startChainFixture()
    dir = mkdtempSync(join(tmpdir(), 'pairwise-fuzz-'))
    api = await startApi({
      port: 0,
      database: join(dir, 'api.sqlite'),
      adminToken: randomBytes(32).toString('hex'),
      logger: { debug() {}, info() {}, warn() {}, error() {} },
      chains: [localApiChain({ rpcUrl: chain.rpcUrl, testUsd: chain.fixtures.testUsd })],
    })
    // A generous limit, so most requests reach the routes instead of the rate limiter.
    await new ProjectStore(api.db).create({
      id: 'pairwise-demo',
      name: 'Fuzz',
      allowedOrigins: ['http://127.0.0.1:5173'],
      rateLimitPerMinute: 1_000_000,
    })
  }, 60_000)
  afterAll(async () => {
    await api?.close()
    await chain?.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  it('answers every one below 500 without a stack trace, and still serves /health and a balance after', async () => {
    const base = new URL(api.url)
    const agent = new Agent({ keepAlive: true, maxSockets: 16 })
    const random = seededRandom(12)
    const statuses = new Map<number, number>()
    const failures: string[] = []
    const total = 10_000
    let next = 0
    const worker = async () => {
      while (next < total) {
        next++
        const fuzz = fuzzRequest(random, routes)
        const answer = await sendRequest(base, agent, fuzz)
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1)
        if (answer.status >= 500 || leaksInternals.test(answer.body))
          failures.push(
            `${fuzz.method} ${fuzz.path.slice(0, 200)} → ${answer.status} ${answer.body.slice(0, 300)}`,
          )
      }
    }
    await Promise.all(Array.from({ length: 16 }, worker))
    agent.destroy()
    console.log(
      `fuzz statuses: ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`,
    )
    expect(failures.slice(0, 10)).toEqual([])
    expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBe(total)

    // Asked by another client: the fuzzer has spent its own budgets (the unknown project ids it named
    // cost it its lookups for the minute), which is the service holding, not failing.
    const another = new Agent({ localAddress: '127.0.0.2' })
    const get = (path: string) => sendRequest(base, another, { method: 'GET', path, headers: {} })
    expect((await get('/health')).status).toBe(200)
    const balances = await get(
      `/v1/balances?projectId=pairwise-demo&address=${holder}&caipNetworkId=eip155:31337`,
    )
    another.destroy()
    expect(balances.status).toBe(200)
    expect((JSON.parse(balances.body) as { balances: { symbol: string }[] }).balances[0]?.symbol).toBe('tETH')
  }, 240_000)
})
