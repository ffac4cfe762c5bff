import type { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { ScamList, verifyRoutes } from '../../../../services/api/verify/index.js'
import { appWith, verifyRouteDeps } from '../support/routeHarness.js'
import { registerAs } from '../support/verifyFrameClient.js'

const logger = { info() {}, warn() {}, error() {} }

/** What a wallet's lookup says of a message registered from a verify frame on `origin`. */
async function lookedUp(app: Hono, origin: string) {
  const decryptedId = Math.random().toString(16).slice(2).padEnd(64, '0')
  const request = (path: string, init?: RequestInit) => Promise.resolve(app.request(path, init))
  expect((await registerAs(request, origin, { decryptedId })).status, origin).toBe(200)
  return (await app.request(`/attestation/${decryptedId}`)).json()
}

describe('the scam list', () => {
  it('flags every subdomain a page can be served from under a listed `*.` site, a hyphen at either end of a label or a label past 63 characters too', async () => {
    const deps = await verifyRouteDeps({ now: Date.now() })
    const app = appWith(verifyRoutes({ ...deps, scamOrigins: ['https://*.scam.example'] }))
    for (const origin of [
      'https://drainer.scam.example',
      'https://-drainer.scam.example',
      'https://drainer-.scam.example',
      `https://${'a'.repeat(64)}.scam.example`,
    ])
      expect(await lookedUp(app, origin), origin).toEqual({ origin, isScam: true })
    expect(await lookedUp(app, 'https://scam.example.org')).toMatchObject({ isScam: false })
  })

  it('flags a listed IPv6 host however the list writes it, as browsers name it, beside a host no page has', async () => {
    const scams = new ScamList({ scamOrigins: ['http://[0:0:0:0:0:0:0:1]', 'https://xn--a.example'], logger })
    expect(await scams.isScam('http://[::1]:8080')).toBe(true)
    expect(await scams.isScam('http://[::2]')).toBe(false)
  })

  it('answers a lookup against a full list of 10,000 patterns without walking every pattern, so unlimited public lookups stay cheap', async () => {
    const scamOrigins = Array.from({ length: 10_000 }, (_, n) =>
      n % 2 === 0 ? `https://*.scam${n}.example` : `https://scam${n}.example:8443`,
    )
    const scams = new ScamList({ scamOrigins, logger })
    const started = performance.now()
    for (let n = 0; n < 1_000; n++) await scams.isScam(`https://app${n}.dapp.example`)
    expect(performance.now() - started).toBeLessThan(1_000)
    expect(await scams.isScam('https://a.b.scam9998.example')).toBe(true)
    expect(await scams.isScam('http://scam9999.example')).toBe(true)
    expect(await scams.isScam('https://scam9998.example')).toBe(false)
  })
})
