import { createHash } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { httpVerifyResolver, type VerifyQuery } from '../../engine/index.js'
import { MIN_KEY_FETCH_INTERVAL_MS } from '../../engine/verify/verifyKey.js'
import { rawProposal } from '../conformance/support/fixtures.js'
import { dappMetadata, useTestRelay, walletMetadata } from './support/harness.js'
import { type AttestationClaims, TestVerifyKey, TestVerifyServer } from './support/verifyServer.js'

const harness = useTestRelay()
const { pool, peers } = harness

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
const origin = 'https://dapp.example'
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600

let server: TestVerifyServer
beforeAll(async () => {
  server = await TestVerifyServer.start()
})
afterAll(() => server.close())
beforeEach(async () => {
  server.publishesKey = true
  server.asked.length = 0
  server.lookups.clear()
  server.key = await TestVerifyKey.generate()
})

/** A query about a message, and claims that a genuine attestation of it would carry. */
function aMessage(): { query: Omit<VerifyQuery, 'attestationId'>; claims: AttestationClaims } {
  const message = `encrypted-${Math.random()}`
  const query = { encryptedId: sha256(message), hash: sha256(`decrypted ${message}`), verifyUrl: '' }
  return {
    query,
    claims: { id: query.encryptedId, origin, isScam: false, isVerified: true, exp: inAnHour() },
  }
}

describe('httpVerifyResolver and attestations', () => {
  it('trusts an attestation of this very message signed by the server key, fetching the key once', async () => {
    const resolve = httpVerifyResolver({ url: server.url })
    const first = aMessage()
    const second = aMessage()
    expect(await resolve({ ...first.query, attestationId: await server.key.sign(first.claims) })).toEqual({
      origin,
      isScam: false,
    })
    const scam = { ...second.claims, origin: 'https://evil.example', isScam: true }
    expect(await resolve({ ...second.query, attestationId: await server.key.sign(scam) })).toEqual({
      origin: 'https://evil.example',
      isScam: true,
    })
    expect(server.asked).toEqual(['/v3/public-key'])
  })

  it('ignores an attestation of another message, asking nothing: a genuine one replayed proves nothing', async () => {
    const resolve = httpVerifyResolver({ url: server.url })
    const genuine = aMessage()
    const replayed = await server.key.sign(genuine.claims)
    server.lookups.set(genuine.query.encryptedId, { origin })
    expect(await resolve({ ...aMessage().query, attestationId: replayed })).toBeUndefined()
    expect(await resolve({ ...aMessage().query, attestationId: genuine.query.encryptedId })).toBeUndefined()
    expect(await resolve({ ...aMessage().query, attestationId: 'not a jwt' })).toBeUndefined()
    expect(server.asked).toEqual([])
  })

  it('does not trust a forged, expired, unverified or wrongly-typed attestation', async () => {
    const resolve = httpVerifyResolver({ url: server.url })
    const other = await TestVerifyKey.generate()
    const cases: [string, (claims: AttestationClaims) => Promise<string>][] = [
      ['signed by another key', (claims) => other.sign(claims)],
      ['expired', (claims) => server.key.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 1 })],
      ['origin not verified', (claims) => server.key.sign({ ...claims, isVerified: false })],
      ['alg none', (claims) => server.key.sign(claims, { alg: 'none', typ: 'JWT' })],
      ['alg HS256', (claims) => server.key.sign(claims, { alg: 'HS256', typ: 'JWT' })],
    ]
    const lookups: string[] = []
    for (const [what, make] of cases) {
      const { query, claims } = aMessage()
      expect(await resolve({ ...query, attestationId: await make(claims) }), what).toBeUndefined()
      if (what !== 'origin not verified') lookups.push(`/attestation/${query.hash}?v2Supported=true`)
    }
    // Only the key, once; a forgery triggers no refetch within the interval; the failed ones fall back to
    // the lookup by the hash we computed, never by anything the peer chose.
    expect(server.asked.filter((path) => path === '/v3/public-key')).toHaveLength(1)
    expect(server.asked.filter((path) => path.startsWith('/attestation/'))).toEqual(lookups)
  })

  it('falls back to the lookup by the hash of the decrypted request when there is no attestation', async () => {
    const resolve = httpVerifyResolver({ url: server.url })
    const { query } = aMessage()
    server.lookups.set(query.hash, { origin, isScam: false })
    expect(await resolve({ ...query, attestationId: undefined })).toEqual({ origin, isScam: false })
    expect(await resolve({ ...query, attestationId: '' })).toBeUndefined()
    expect(server.asked).toEqual([`/attestation/${query.hash}?v2Supported=true`])
  })

  it('fetches the key again when it expires, and when an attestation fails after the fetch interval', async () => {
    let now = Date.now()
    const resolve = httpVerifyResolver({ url: server.url, now: () => now })
    const check = async () => {
      const { query, claims } = aMessage()
      return resolve({ ...query, attestationId: await server.key.sign(claims) })
    }
    expect(await check()).toEqual({ origin, isScam: false })
    server.key = await TestVerifyKey.generate()
    expect(await check()).toBeUndefined()
    now += MIN_KEY_FETCH_INTERVAL_MS
    expect(await check()).toEqual({ origin, isScam: false })
    expect(server.asked.filter((path) => path === '/v3/public-key')).toHaveLength(2)
  })

  it('falls back to the lookup when the server publishes no key, and to nothing when it is unreachable', async () => {
    server.publishesKey = false
    const { query, claims } = aMessage()
    const attestationId = await server.key.sign(claims)
    server.lookups.set(query.hash, { origin })
    expect(await httpVerifyResolver({ url: server.url })({ ...query, attestationId })).toEqual({ origin })
    expect(server.asked).toEqual(['/v3/public-key', `/attestation/${query.hash}?v2Supported=true`])
    const unreachable = httpVerifyResolver({ url: 'http://127.0.0.1:9', timeoutMs: 1_000 })
    await expect(unreachable({ ...query, attestationId })).rejects.toThrow()
  })

  it('keeps the key until its expiresAt, then fetches it again', async () => {
    let now = Date.now()
    const resolve = httpVerifyResolver({ url: server.url, now: () => now })
    const check = async () => {
      const { query, claims } = aMessage()
      return resolve({ ...query, attestationId: await server.key.sign(claims) })
    }
    server.keyExpiresAt = Math.floor(now / 1000) + 100
    expect(await check()).toBeDefined()
    now += 99_000
    expect(await check()).toBeDefined()
    expect(server.asked).toEqual(['/v3/public-key'])
    now += 2_000
    expect(await check()).toBeDefined()
    expect(server.asked).toEqual(['/v3/public-key', '/v3/public-key'])
  })
})

describe('verify context of an incoming proposal', () => {
  const attestWith = (claims: Partial<AttestationClaims>) => (message: string) =>
    server.key.sign({ id: sha256(message), origin, isVerified: true, exp: inAnHour(), ...claims })

  it('ROLE-02 is VALID only with an attestation of that proposal for the origin the dapp claims, INVALID for another origin, UNKNOWN without one', async () => {
    const wallet = await pool.make(harness.relay.url, {
      metadata: walletMetadata,
      verifyResolver: httpVerifyResolver({ url: server.url }),
    })
    const valid = await rawProposal(harness.relay.url, wallet, {}, attestWith({ isScam: false }))
    peers.push(valid.peer)
    expect(valid.verifyContext.verified).toEqual({
      verifyUrl: '',
      validation: 'VALID',
      origin,
      isScam: false,
    })

    const elsewhere = await rawProposal(
      harness.relay.url,
      wallet,
      {},
      attestWith({ origin: 'https://evil.example' }),
    )
    peers.push(elsewhere.peer)
    expect(elsewhere.verifyContext.verified).toMatchObject({
      validation: 'INVALID',
      origin: 'https://evil.example',
    })

    const replayed = await server.key.sign({
      id: sha256('another message'),
      origin,
      isVerified: true,
      exp: inAnHour(),
    })
    const replay = await rawProposal(harness.relay.url, wallet, {}, async () => replayed)
    peers.push(replay.peer)
    expect(replay.verifyContext.verified).toEqual({
      verifyUrl: '',
      validation: 'UNKNOWN',
      origin: dappMetadata.url,
    })
  })

  it('asks only the verify server the integrator configured, never the one the peer names', async () => {
    const peersServer = await TestVerifyServer.start()
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    try {
      const wallet = await pool.make(harness.relay.url, {
        metadata: walletMetadata,
        verifyResolver: httpVerifyResolver({ url: server.url }),
      })
      const proposal = await rawProposal(
        harness.relay.url,
        wallet,
        {
          proposer: { publicKey: 'ab'.repeat(32), metadata: { ...dappMetadata, verifyUrl: peersServer.url } },
        },
        attestWith({}),
      )
      peers.push(proposal.peer)
      expect(proposal.verifyContext.verified).toMatchObject({
        validation: 'VALID',
        verifyUrl: peersServer.url,
      })
      expect(peersServer.asked).toEqual([])
      for (const [url] of fetchSpy.mock.calls) expect(String(url).startsWith(`${server.url}/`)).toBe(true)
    } finally {
      fetchSpy.mockRestore()
      await peersServer.close()
    }
  })
})
