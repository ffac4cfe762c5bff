import { describe, expect, it } from 'vitest'
import { siwxLimits } from '../../services/api/siwx/index.js'
import { alice, refusal, siwxHarness } from '../services/api/siwx/siwxHarness.js'
import { eachDatabase } from '../services/api/support/databases.js'

const nonceFrom = (h: Awaited<ReturnType<typeof siwxHarness>>, client: string) =>
  h.app.request(
    '/siwx/nonce?projectId=demo',
    { method: 'POST' },
    { incoming: { socket: { remoteAddress: client } } },
  )

describe.each(eachDatabase())('SIWX nonces are held per client, on $name', ({ open }) => {
  it('one client filling its quota does not stop another client getting a nonce', async () => {
    // A project cap one client alone could fill, were its own nonces not capped beneath it.
    const h = await siwxHarness(await open(), { maxOutstandingNonces: 20, noncesHeldPerClient: 5 })
    for (let asked = 0; asked < 40; asked++) {
      expect((await nonceFrom(h, '203.0.113.7')).status).toBe(200)
      h.clock.now += 1
    }
    expect((await nonceFrom(h, '198.51.100.9')).status).toBe(200)
  })

  it('drops the client’s own oldest nonce past its quota, so its newest still signs in', async () => {
    const h = await siwxHarness(await open(), { noncesHeldPerClient: 3 })
    const issued: string[] = []
    for (let asked = 0; asked < 4; asked++) {
      const answer = await nonceFrom(h, '2001:db8:1:2::1')
      issued.push(((await answer.json()) as { nonce: string }).nonce)
      h.clock.now += 1
    }
    const [oldest = '', , , newest = ''] = issued
    expect(await refusal(await h.post(await h.signed(alice, { nonce: oldest })))).toMatchObject({
      status: 401,
      code: 'NONCE_INVALID',
    })
    expect((await h.post(await h.signed(alice, { nonce: newest }))).status).toBe(201)
  })

  it('counts an IPv6 client by its /64', async () => {
    const h = await siwxHarness(await open(), { maxOutstandingNonces: 6, noncesHeldPerClient: 3 })
    for (let host = 1; host <= 12; host++) {
      expect((await nonceFrom(h, `2001:db8:1:2::${host.toString(16)}`)).status).toBe(200)
      h.clock.now += 1
    }
    expect((await nonceFrom(h, '2001:db8:1:3::1')).status).toBe(200)
  })

  it('documents a per-client quota well under the project’s cap', () => {
    expect(siwxLimits.noncesHeldPerClient).toBe(20)
    expect(siwxLimits.noncesHeldPerClient).toBeLessThan(siwxLimits.maxOutstandingNonces / 100)
  })
})
