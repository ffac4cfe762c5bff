import { describe, expect, it } from 'vitest'
import { alice, siwxHarness } from '../services/api/siwx/siwxHarness.js'
import { eachDatabase } from '../services/api/support/databases.js'

const nonceFrom = (h: Awaited<ReturnType<typeof siwxHarness>>, client: string) =>
  h.app.request(
    '/siwx/nonce?projectId=demo',
    { method: 'POST' },
    { incoming: { socket: { remoteAddress: client } } },
  )

describe.each(eachDatabase())('SIWX nonces are budgeted per client, on $name', ({ open }) => {
  it('one client asking past its budget does not stop another client getting a nonce', async () => {
    const h = await siwxHarness(await open(), { noncesPerIpPerMinute: 5 })
    for (let asked = 0; asked < 5; asked++) expect((await nonceFrom(h, '203.0.113.7')).status).toBe(200)
    expect((await nonceFrom(h, '203.0.113.7')).status).toBe(429)
    expect((await nonceFrom(h, '198.51.100.9')).status).toBe(200)
  })

  it('every nonce a client was given still signs in, however many it asked for since', async () => {
    const h = await siwxHarness(await open())
    const issued: string[] = []
    for (let asked = 0; asked < 40; asked++) {
      const answer = await nonceFrom(h, '2001:db8:1:2::1')
      issued.push(((await answer.json()) as { nonce: string }).nonce)
    }
    expect((await h.post(await h.signed(alice, { nonce: issued[0] }))).status).toBe(201)
    expect((await h.post(await h.signed(alice, { nonce: issued[39] }))).status).toBe(201)
  })

  it('counts an IPv6 client by its /64', async () => {
    const h = await siwxHarness(await open(), { noncesPerIpPerMinute: 6 })
    for (let host = 1; host <= 6; host++)
      expect((await nonceFrom(h, `2001:db8:1:2::${host.toString(16)}`)).status).toBe(200)
    expect((await nonceFrom(h, '2001:db8:1:2::ff')).status).toBe(429)
    expect((await nonceFrom(h, '2001:db8:1:3::1')).status).toBe(200)
  })
})
