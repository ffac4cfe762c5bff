import { createPublicKey, generateKeyPairSync, type KeyObject, verify } from 'node:crypto'
import { isAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { onrampProviderRoutes, type ProviderRouteOptions } from '../../../../services/api/onramp/index.js'
import { appWith, routeDeps } from '../support/routeHarness.js'

const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
type Sent = { url: string; headers: Record<string, string>; body: Record<string, unknown> }

async function app(options: Omit<ProviderRouteOptions, 'sandbox'> & { sandbox?: boolean }) {
  const deps = await routeDeps({ now: 1_700_000_000_000 })
  return appWith(onrampProviderRoutes({ ...deps, sandbox: options.sandbox ?? true, ...options }))
}

function coinbaseFake(answer: () => Response) {
  const sent: Sent[] = []
  const fetch = (async (url: string, init: RequestInit) => {
    sent.push({
      url,
      headers: init.headers as Record<string, string>,
      body: JSON.parse(String(init.body)) as Record<string, unknown>,
    })
    return answer()
  }) as typeof globalThis.fetch
  return { fetch, sent }
}

/** A CDP secret API key as Coinbase hands out an Ed25519 one: its seed and public key, in base64. */
function ed25519Secret(privateKey: KeyObject): string {
  const jwk = privateKey.export({ format: 'jwk' })
  return Buffer.concat([
    Buffer.from(jwk.d ?? '', 'base64url'),
    Buffer.from(jwk.x ?? '', 'base64url'),
  ]).toString('base64')
}

/** The provider routes with Coinbase configured by a fresh Ed25519 key, its token endpoint answering `answer`. */
function coinbaseRoutes(answer: () => Response) {
  const coinbase = coinbaseFake(answer)
  const secret = ed25519Secret(generateKeyPairSync('ed25519').privateKey)
  return app({ coinbase: { apiKey: { id: 'k', secret }, fetch: coinbase.fetch } })
}

const session = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
})

function jwtParts(token: string) {
  const [header, claims, signature] = token.split('.') as [string, string, string]
  const json = (part: string) =>
    JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>
  return { header: json(header), claims: json(claims), signed: `${header}.${claims}`, signature }
}

describe('onramp providers', () => {
  it('lists the sandbox alone until Meld or Coinbase is configured', async () => {
    const plain = await app({})
    expect(await (await plain.request('/v1/onramp/providers?projectId=p1')).json()).toEqual({
      providers: [{ name: 'sandbox' }],
    })
    const coinbase = coinbaseFake(() => Response.json({ token: 't' }))
    const all = await app({
      meld: { publicKey: 'meld-public' },
      coinbase: { apiKey: { id: 'key-1', secret: 'x' }, fetch: coinbase.fetch },
    })
    expect(await (await all.request('/v1/onramp/providers?projectId=p1')).json()).toEqual({
      providers: [
        { name: 'sandbox' },
        { name: 'meld', url: 'https://meldcrypto.com', publicKey: 'meld-public' },
        { name: 'coinbase' },
      ],
    })
  })

  it('Coinbase is off until configured', async () => {
    const answer = await (await app({})).request(
      '/v1/onramp/coinbase/session?projectId=p1',
      session({ address }),
    )
    expect(answer.status).toBe(404)
    expect(await answer.json()).toEqual({
      code: 'NOT_FOUND',
      message: 'Onramp provider coinbase is not configured',
    })
  })

  for (const kind of ['ec', 'ed25519'] as const) {
    it(`Coinbase Secure Init mints a session token with the CDP key (${kind}) and answers the checkout URL`, async () => {
      const pair =
        kind === 'ec'
          ? generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
          : generateKeyPairSync('ed25519')
      const secret =
        kind === 'ec'
          ? pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
          : ed25519Secret(pair.privateKey)
      const coinbase = coinbaseFake(() => Response.json({ token: 'session-token-1', channel_id: '' }))
      const routes = await app({
        coinbase: { apiKey: { id: 'organizations/o/apiKeys/k', secret }, fetch: coinbase.fetch },
      })
      const answer = await routes.request(
        '/v1/onramp/coinbase/session?projectId=p1',
        session({ address, presetFiatAmount: '50' }),
        { incoming: { socket: { remoteAddress: '127.0.0.1' } } },
      )
      expect(answer.status).toBe(200)
      const { url } = (await answer.json()) as { url: string }
      const checkout = new URL(url)
      expect(checkout.origin + checkout.pathname).toBe('https://pay.coinbase.com/buy/select-asset')
      expect(checkout.searchParams.get('sessionToken')).toBe('session-token-1')
      expect(checkout.searchParams.get('presetFiatAmount')).toBe('50')

      const [request] = coinbase.sent
      expect(request?.url).toBe('https://api.developer.coinbase.com/onramp/v1/token')
      expect(request?.body).toEqual({
        addresses: [{ address, blockchains: ['ethereum', 'base'] }],
        assets: ['USDC'],
        clientIp: '127.0.0.1',
      })
      const jwt = jwtParts((request?.headers.authorization ?? '').replace(/^Bearer /, ''))
      expect(jwt.header).toMatchObject({
        alg: kind === 'ec' ? 'ES256' : 'EdDSA',
        kid: 'organizations/o/apiKeys/k',
        typ: 'JWT',
      })
      expect(jwt.claims).toEqual({
        sub: 'organizations/o/apiKeys/k',
        iss: 'cdp',
        nbf: 1_700_000_000,
        exp: 1_700_000_120,
        uris: ['POST api.developer.coinbase.com/onramp/v1/token'],
      })
      const publicKey = createPublicKey(pair.privateKey)
      const signature = Buffer.from(jwt.signature, 'base64url')
      const valid =
        kind === 'ec'
          ? verify(
              'sha256',
              Buffer.from(jwt.signed),
              { key: publicKey, dsaEncoding: 'ieee-p1363' },
              signature,
            )
          : verify(null, Buffer.from(jwt.signed), publicKey, signature)
      expect(valid).toBe(true)
      // The secret itself never leaves the api.
      expect(JSON.stringify(coinbase.sent)).not.toContain(secret.slice(40, 80))
    })
  }

  it('answers 502 when Coinbase fails and 400 for a malformed request', async () => {
    const routes = await coinbaseRoutes(() => new Response('nope', { status: 401 }))
    const failed = await routes.request('/v1/onramp/coinbase/session?projectId=p1', session({ address }))
    expect(failed.status).toBe(502)
    expect(await failed.json()).toEqual({
      code: 'UPSTREAM_ERROR',
      message: 'Onramp provider coinbase failed',
    })
    const malformed = await routes.request(
      '/v1/onramp/coinbase/session?projectId=p1',
      session({ address: '0x1' }),
    )
    expect(malformed.status).toBe(400)
  })

  it('refuses a Coinbase session for an address in mixed case whose checksum is wrong, asking Coinbase nothing', async () => {
    const coinbase = coinbaseFake(() => Response.json({ token: 'session-token-1' }))
    const secret = ed25519Secret(generateKeyPairSync('ed25519').privateKey)
    const routes = await app({ coinbase: { apiKey: { id: 'k', secret }, fetch: coinbase.fetch } })
    // One digit mistyped: another address, whose letters' case is no longer its EIP-55 checksum.
    const mistyped = address.replace('79C8', '78C8')
    expect(isAddress(mistyped, { strict: true })).toBe(false)
    const refused = await routes.request(
      '/v1/onramp/coinbase/session?projectId=p1',
      session({ address: mistyped }),
    )
    expect(refused.status).toBe(400)
    expect(coinbase.sent).toHaveLength(0)
    for (const written of [address, address.toLowerCase()]) {
      const minted = await routes.request(
        '/v1/onramp/coinbase/session?projectId=p1',
        session({ address: written }),
      )
      expect(minted.status).toBe(200)
    }
  })

  it('answers 502 when Coinbase answers past the size of a token answer, without reading it whole', async () => {
    const routes = await coinbaseRoutes(() =>
      Response.json({ token: 'session-token-1', padding: 'x'.repeat(1 << 20) }),
    )
    const answer = await routes.request('/v1/onramp/coinbase/session?projectId=p1', session({ address }))
    expect(answer.status).toBe(502)
  })
})
