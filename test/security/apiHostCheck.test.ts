import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { silentLogger } from '../../common/index.js'
import { type RunningApi, startApi } from '../../services/api/index.js'
import { getWithHost } from './support/getWithHost.js'

const dir = mkdtempSync(join(tmpdir(), 'pairwise-api-host-'))

describe('the api refuses Host names it does not answer to (DNS rebinding)', () => {
  let api: RunningApi
  let bare: RunningApi
  let port: string
  /** Requests that reached the probe route's handler, by the Host they came with. */
  const reached: string[] = []
  const probe = () =>
    new Hono().get('/rebinding-probe', (c) => {
      reached.push(c.req.header('host') ?? '')
      return c.json({ secret: 'what a rebound page wants' })
    })

  beforeAll(async () => {
    const common = {
      port: 0,
      adminToken: randomBytes(32).toString('hex'),
      logger: silentLogger,
      routes: [probe],
    }
    api = await startApi({
      ...common,
      database: join(dir, 'public.sqlite'),
      publicUrl: 'https://api.example.com/',
    })
    bare = await startApi({ ...common, database: join(dir, 'bare.sqlite') })
    port = String(api.port)
  })
  afterAll(async () => {
    await api?.close()
    await bare?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('answers 421 to a page whose domain was rebound to the loopback address, before any route runs', async () => {
    for (const host of [
      `attacker.example:${port}`,
      'attacker.example',
      'api.example.com.attacker.example',
      `localhost.attacker.example:${port}`,
    ]) {
      const answer = await getWithHost(`${api.url}/rebinding-probe`, host)
      expect(answer.status, host).toBe(421)
      expect(answer.body, host).not.toContain('rebound page')
      expect((await getWithHost(`${api.url}/health`, host)).status, host).toBe(421)
    }
    expect(reached).toEqual([])
  })

  it("answers its listen address, its localhost twin and its public URL's host, the last only when given", async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, 'api.example.com', 'api.example.com:443']) {
      const answer = await getWithHost(`${api.url}/rebinding-probe`, host)
      expect(answer.status, host).toBe(200)
      expect(answer.body, host).toContain('rebound page')
    }
    const barePort = String(bare.port)
    expect((await getWithHost(`${bare.url}/rebinding-probe`, `localhost:${barePort}`)).status).toBe(200)
    expect((await getWithHost(`${bare.url}/rebinding-probe`, 'api.example.com')).status).toBe(421)
  })
})
