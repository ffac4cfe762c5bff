import { encodeFunctionData, parseAbi, toHex } from 'viem'
import { generatePrivateKey } from 'viem/accounts'
import { namehash, packetToBytes } from 'viem/ens'
import { describe, expect, it } from 'vitest'
import { createApiApp } from '../../../../../services/api/app.js'
import { migrate } from '../../../../../services/api/db/index.js'
import { namesMigrations, namesRouteFactories } from '../../../../../services/api/names/index.js'
import { projectMigrations } from '../../../../../services/api/projects/index.js'
import { eachDatabase } from '../../support/databases.js'

const zone = 'pairwise.eth'
const resolver = '0x1111111111111111111111111111111111111111'
const abi = parseAbi([
  'function resolve(bytes name, bytes data) view returns (bytes)',
  'function addr(bytes32 node) view returns (address)',
])
const name = `alice-test.${zone}`
const addrCall = encodeFunctionData({
  abi,
  functionName: 'resolve',
  args: [
    toHex(packetToBytes(name)),
    encodeFunctionData({ abi, functionName: 'addr', args: [namehash(name)] }),
  ],
})

describe('the CCIP-read gateway', () => {
  const [sqlite] = eachDatabase()

  it('answers one client a bounded number of lookups a minute, then 429 with Retry-After; other clients still get theirs', async () => {
    const limit = 6
    const db = await (sqlite as NonNullable<typeof sqlite>).open()
    await migrate(db, [projectMigrations, namesMigrations])
    const clock = { now: Date.UTC(2026, 0, 10, 12) }
    const { hono } = createApiApp({
      db,
      adminToken: 'a'.repeat(64),
      logger: { info() {}, warn() {}, error() {} },
      now: () => clock.now,
      routes: namesRouteFactories(
        { zone, signerKey: generatePrivateKey(), chainIds: [31337], ccipLookupsPerClientPerMinute: limit },
        [],
      ),
    })
    const from = (address: string) => ({ incoming: { socket: { remoteAddress: address } } })
    const lookup = (address: string, method: 'GET' | 'POST' = 'GET') =>
      method === 'GET'
        ? hono.request(`/ccip/${resolver}/${addrCall}.json`, {}, from(address))
        : hono.request(
            '/ccip',
            { method: 'POST', body: JSON.stringify({ sender: resolver, data: addrCall }) },
            from(address),
          )

    for (let i = 0; i < limit; i++) {
      const answer = await lookup('203.0.113.7', i % 2 === 0 ? 'GET' : 'POST')
      expect(answer.status).toBe(200)
    }
    for (const method of ['GET', 'POST'] as const) {
      const refused = await lookup('203.0.113.7', method)
      expect(refused.status, method).toBe(429)
      expect(Number(refused.headers.get('retry-after')), method).toBeGreaterThan(0)
      expect(refused.headers.get('access-control-allow-origin'), method).toBe('*')
    }
    // An IPv6 client is counted by its /64, so a fresh address in it gets nothing more.
    for (let i = 0; i < limit; i++) await lookup(`2001:db8::${(i + 1).toString(16)}`)
    expect((await lookup('2001:db8::ffff')).status).toBe(429)
    expect((await lookup('198.51.100.1')).status).toBe(200)
    clock.now += 60_000
    expect((await lookup('203.0.113.7')).status).toBe(200)
  })
})
