import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase } from '../../../services/api/db/index.js'
import { type RunningRelay, silentLogger, startRelay } from '../../../services/relay/index.js'
import { authHarness } from '../auth/authHarness.js'

const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

const getJson = async (url: string) => {
  const response = await fetch(url)
  return [response.status, await response.json()] as const
}

describe('the kit readiness routes, wired in each service', () => {
  it('the relay answers GET /ready by its store and whether it accepts connections', async () => {
    const relay: RunningRelay = await startRelay({ port: 0, logger: silentLogger })
    closers.push(() => relay.close())
    const http = relay.url.replace(/^ws:/, 'http:')
    expect(await getJson(`${http}/ready`)).toEqual([
      200,
      { status: 'ready', checks: { accepting: 'ok', store: 'ok' } },
    ])
    expect((await getJson(`${http}/health`))[0]).toBe(200)
  })

  it('auth answers GET /health (liveness) and GET /ready by its database, 503 naming it once it is gone', async () => {
    const db = await openDatabase(':memory:')
    const h = await authHarness(db)
    closers.push(() => h.auth.close())
    expect(await getJson(`${h.auth.url}/health`)).toEqual([200, { status: 'ok' }])
    expect(await getJson(`${h.auth.url}/ready`)).toEqual([
      200,
      { status: 'ready', checks: { database: 'ok' } },
    ])
    await db.close()
    expect(await getJson(`${h.auth.url}/ready`)).toEqual([
      503,
      { code: 'UNAVAILABLE', message: 'Not ready: database', checks: { database: 'failed' } },
    ])
  })
})
