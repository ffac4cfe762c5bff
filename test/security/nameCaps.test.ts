import type { Hono } from 'hono'
import { verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { beforeEach, describe, expect, it } from 'vitest'
import { createApiApp } from '../../services/api/app.js'
import { migrate } from '../../services/api/db/index.js'
import { NameStore, nameRoutes, namesMigrations } from '../../services/api/names/index.js'
import { ProjectStore, projectMigrations } from '../../services/api/projects/index.js'
import { eachDatabase } from '../services/api/support/databases.js'

const coinType = 0x80000000 + 31337
const clock = { now: 1_800_000_000_000 }

/** A fresh key (free to make) signs up for `label`: what a script does to register many names. */
async function signedUp(label: string) {
  const account = privateKeyToAccount(generatePrivateKey())
  const message = JSON.stringify({
    name: `${label}.pairwise.eth`,
    attributes: {},
    timestamp: clock.now / 1000,
  })
  return {
    coin_type: coinType,
    address: account.address,
    message,
    signature: await account.signMessage({ message }),
  }
}

describe.each(
  eachDatabase(),
)('name registrations are capped per client and per project, not only in all, on $name', (store) => {
  let app: Hono
  let counter = 0
  const register = async (projectId: string, client: string) => {
    const answer = await app.request(
      `/v1/names?projectId=${projectId}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(await signedUp(`name${++counter}x`)),
      },
      { incoming: { socket: { remoteAddress: client } } },
    )
    return { status: answer.status, body: (await answer.json()) as { code?: string; message?: string } }
  }

  beforeEach(async () => {
    const db = await store.open()
    await migrate(db, [projectMigrations, namesMigrations])
    const projects = new ProjectStore(db)
    const limit = { rateLimitPerMinute: 1_000_000 }
    await projects.create({ id: 'shop', name: 'Shop', ...limit })
    await projects.create({ id: 'other', name: 'Other', ...limit })
    app = createApiApp({
      db,
      adminToken: 'a'.repeat(64),
      logger: { info() {}, warn() {}, error() {} },
      now: () => clock.now,
      routes: [
        (deps) =>
          nameRoutes({
            ...deps,
            store: new NameStore(deps.db),
            zone: 'pairwise.eth',
            chainIds: [31337],
            verify: ({ address, message, signature }) =>
              verifyMessage({
                address: address as `0x${string}`,
                message,
                signature: signature as `0x${string}`,
              }),
            maxNamesPerProject: 5,
            namesPerClientPerProject: 3,
            registrationsPerClientPerHour: 2,
          }),
      ],
    }).hono
  })

  it("refuses a client's registrations past its hourly cap with 429; another client still registers", async () => {
    expect((await register('shop', '203.0.113.1')).status).toBe(200)
    expect((await register('shop', '203.0.113.1')).status).toBe(200)
    expect(await register('shop', '203.0.113.1')).toMatchObject({
      status: 429,
      body: { code: 'RATE_LIMITED' },
    })
    expect((await register('other', '203.0.113.1')).status).toBe(429)
    expect((await register('shop', '203.0.113.2')).status).toBe(200)
    clock.now += 60 * 60_000
    expect((await register('shop', '203.0.113.1')).status).toBe(200)
  })

  it('counts only names added against the client: refused registrations are given back', async () => {
    const refusedOnce = async () => {
      const other = privateKeyToAccount(generatePrivateKey())
      const body = {
        ...(await signedUp('refused')),
        signature: await other.signMessage({ message: 'not it' }),
      }
      const answer = await app.request(
        '/v1/names?projectId=shop',
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
        { incoming: { socket: { remoteAddress: '198.51.100.9' } } },
      )
      return answer.status
    }
    for (let i = 0; i < 3; i++) expect(await refusedOnce()).toBe(401)
    expect((await register('shop', '198.51.100.9')).status).toBe(200)
    expect((await register('shop', '198.51.100.9')).status).toBe(200)
    expect((await register('shop', '198.51.100.9')).status).toBe(429)
  })

  it("refuses a project's registrations past its cap with 403, whoever asks; another project still registers", async () => {
    for (const client of ['10.0.0.1', '10.0.0.1', '10.0.0.2', '10.0.0.2', '10.0.0.3'])
      expect((await register('shop', client)).status).toBe(200)
    const refused = await register('shop', '10.0.0.4')
    expect(refused).toMatchObject({
      status: 403,
      body: { code: 'QUOTA_EXCEEDED', message: 'This project has registered its 5 names' },
    })
    expect((await register('other', '10.0.0.4')).status).toBe(200)
  })

  it("refuses a client's registrations through a project past its lifetime cap with 403, hours later too", async () => {
    const registerEachHour = async (projectId: string, client: string) => {
      clock.now += 60 * 60_000
      return register(projectId, client)
    }
    for (let i = 0; i < 3; i++) expect((await registerEachHour('shop', '203.0.113.5')).status).toBe(200)
    const refused = await registerEachHour('shop', '203.0.113.5')
    expect(refused).toMatchObject({
      status: 403,
      body: {
        code: 'QUOTA_EXCEEDED',
        message: 'This client has registered its 3 names through this project',
      },
    })
    clock.now += 30 * 24 * 60 * 60_000
    expect((await register('shop', '203.0.113.5')).status).toBe(403)
    expect((await register('shop', '203.0.113.6')).status).toBe(200)
    expect((await register('other', '203.0.113.5')).status).toBe(200)
  })

  it('counts an IPv6 client by its /64 against its lifetime cap', async () => {
    for (let host = 1; host <= 3; host++) {
      clock.now += 60 * 60_000
      expect((await register('shop', `2001:db8:1:2::${host}`)).status).toBe(200)
    }
    clock.now += 60 * 60_000
    expect((await register('shop', '2001:db8:1:2:ffff::1')).status).toBe(403)
    expect((await register('shop', '2001:db8:1:3::1')).status).toBe(200)
  })
})
