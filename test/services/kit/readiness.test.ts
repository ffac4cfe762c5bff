import { silentLogger } from '@pairwise/relay/core'
import { describe, expect, it } from 'vitest'
import { healthRoutes, readiness } from '../../../services/kit/index.js'

describe('readiness: the checks a service supplies', () => {
  it('is 200 with every check ok', async () => {
    const answer = await readiness({ database: async () => 1, redis: () => 'PONG' }, silentLogger)
    expect(answer).toEqual({
      status: 200,
      body: { status: 'ready', checks: { database: 'ok', redis: 'ok' } },
    })
  })

  it('is 503 naming the checks that failed or timed out, without their errors', async () => {
    const answer = await readiness(
      {
        database: async () => {
          throw new Error('connect ECONNREFUSED postgres://user:secret@db')
        },
        redis: () => new Promise(() => {}),
        chain: () => undefined,
      },
      silentLogger,
      50,
    )
    expect(answer).toEqual({
      status: 503,
      body: {
        code: 'UNAVAILABLE',
        message: 'Not ready: database, redis',
        checks: { database: 'failed', redis: 'timed out', chain: 'ok' },
      },
    })
  })

  it('serves GET /health as liveness whatever the checks, and GET /ready by them', async () => {
    const app = healthRoutes({ database: () => Promise.reject(new Error('down')) }, silentLogger)
    const health = await app.request('/health')
    expect([health.status, await health.json()]).toEqual([200, { status: 'ok' }])
    const ready = await app.request('/ready')
    expect(ready.status).toBe(503)
    expect(ready.headers.get('cache-control')).toBe('no-store')
    expect(await ready.json()).toMatchObject({ code: 'UNAVAILABLE', checks: { database: 'failed' } })
  })
})
