import { privateKeyToAccount } from 'viem/accounts'
import { beforeEach, describe, expect, it } from 'vitest'
import type { SIWXSession } from '../../../../engine/siwx/types.js'
import { eachDatabase } from '../support/databases.js'
import { alice, bob, cookieOf, type Harness, iso, minute, refusal, siwxHarness } from './siwxHarness.js'

/** The one-click CACAO alice's wallet would answer for `signed`: its payload formats to the signed message. */
function cacaoOf(signed: SIWXSession) {
  const { data } = signed
  return {
    h: { t: 'caip122' },
    p: {
      iss: `did:pkh:${data.chainId}:${alice.address}`,
      domain: data.domain,
      aud: data.uri,
      version: '1',
      nonce: data.nonce,
      iat: data.issuedAt ?? '',
      ...(data.statement ? { statement: data.statement } : {}),
      ...(data.expirationTime ? { exp: data.expirationTime } : {}),
      ...(data.resources ? { resources: data.resources } : {}),
    },
    s: { t: 'eip191', s: signed.signature },
  }
}

describe.each(eachDatabase())('sign-in refusals on $name', ({ open }) => {
  let h: Harness
  beforeEach(async () => {
    h = await siwxHarness(await open())
  })

  const nonceInvalid = { status: 401, code: 'NONCE_INVALID', message: 'Nonce is unknown, used or expired' }

  it('refuses a replayed nonce', async () => {
    const session = await h.signed(alice)
    expect((await h.post(session)).status).toBe(201)
    expect(await refusal(await h.post(session))).toEqual(nonceInvalid)
    // Two sign-ins racing on one nonce: exactly one wins.
    const raced = await h.signed(bob)
    const statuses = (await Promise.all([h.post(raced), h.post(raced)])).map((answer) => answer.status)
    expect(statuses.sort()).toEqual([201, 401])
  })

  it('refuses an expired nonce (5 minutes) and one the api never issued', async () => {
    const nonce = await h.nonce()
    h.clock.now += 5 * minute
    const late = await h.signed(alice, { nonce, issuedAt: iso(h.clock.now) })
    expect(await refusal(await h.post(late))).toEqual(nonceInvalid)
    const invented = await h.signed(alice, { nonce: 'abcdefgh12345678abcdefgh' })
    expect(await refusal(await h.post(invented))).toEqual(nonceInvalid)
  })

  it('consumes the nonce even when the signature fails: the right signature after it is refused', async () => {
    const session = await h.signed(alice)
    const forged = { ...session, signature: await bob.signMessage({ message: session.message }) }
    expect(await refusal(await h.post(forged))).toEqual({
      status: 401,
      code: 'INVALID_SIGNATURE',
      message: 'Signature does not match the message and address',
    })
    expect(await refusal(await h.post(session))).toEqual(nonceInvalid)
  })

  it('refuses a signature by another key, and a signature that is not one', async () => {
    const session = await h.signed(alice)
    const other = { ...session, signature: await bob.signMessage({ message: session.message }) }
    expect((await refusal(await h.post(other))).code).toBe('INVALID_SIGNATURE')
    const garbage = await h.signed(alice)
    expect((await refusal(await h.post({ ...garbage, signature: '0x1234' }))).code).toBe('INVALID_SIGNATURE')
  })

  it('refuses a message for a domain the project does not allow', async () => {
    const session = await h.signed(alice, { domain: 'evil.example.org', uri: 'https://evil.example.org/' })
    expect(await refusal(await h.post(session, { origin: 'https://app.example.com' }))).toEqual({
      status: 403,
      code: 'DOMAIN_NOT_ALLOWED',
      message: 'Message domain evil.example.org is not an allowed origin of this project',
    })
  })

  it('refuses a uri of another origin than the domain, or than the requesting page', async () => {
    const otherHost = await h.signed(alice, { uri: 'https://app.example.com/' })
    expect(await refusal(await h.post(otherHost))).toEqual({
      status: 400,
      code: 'URI_MISMATCH',
      message: 'Message uri https://app.example.com is not on the domain localhost:5173',
    })
    const otherPage = await h.signed(alice)
    expect(await refusal(await h.post(otherPage, { origin: 'https://app.example.com' }))).toEqual({
      status: 400,
      code: 'URI_MISMATCH',
      message: 'Message uri http://localhost:5173 is not the requesting origin https://app.example.com',
    })
  })

  it('refuses a chain id changed between the data and the message, and a chain the api does not serve', async () => {
    const signed = await h.signed(alice)
    const changed = { ...signed, data: { ...signed.data, chainId: 'eip155:31337' } }
    expect(await refusal(await h.post(changed))).toEqual({
      status: 400,
      code: 'INVALID_MESSAGE',
      message: 'Message field chainId does not match the data',
    })
    const unserved = await h.signed(alice, { chainId: 'eip155:999' })
    expect(await refusal(await h.post(unserved))).toEqual({
      status: 400,
      code: 'UNSUPPORTED_CHAIN',
      message: 'Sign-in is not supported on chain eip155:999',
    })
    const noFormat = { ...signed, data: { ...signed.data, chainId: 'cosmos:cosmoshub-4' } }
    expect((await refusal(await h.post(noFormat))).code).toBe('UNSUPPORTED_CHAIN')
  })

  it('refuses a message whose text says other than its data, naming the field', async () => {
    const signed = await h.signed(alice, { statement: 'Sign in to Demo' })
    const tampered = { ...signed, data: { ...signed.data, statement: 'Sign in to Evil' } }
    expect(await refusal(await h.post(tampered))).toEqual({
      status: 400,
      code: 'INVALID_MESSAGE',
      message: 'Message field statement does not match the data',
    })
    const informal = { ...signed, message: signed.message.replace('Ethereum account', 'Hardhat account') }
    expect((await refusal(await h.post(informal))).code).toBe('INVALID_MESSAGE')
  })

  it('refuses a version other than 1', async () => {
    const signed = await h.signed(alice)
    expect(await refusal(await h.post({ ...signed, data: { ...signed.data, version: '2' } }))).toEqual({
      status: 400,
      code: 'UNSUPPORTED_VERSION',
      message: 'Message version 2 is not supported (only 1)',
    })
  })

  it('refuses an expired message and one not valid yet', async () => {
    const expired = await h.signed(alice, { expirationTime: iso(h.clock.now) })
    expect(await refusal(await h.post(expired))).toEqual({
      status: 401,
      code: 'MESSAGE_EXPIRED',
      message: 'Message has expired',
    })
    const early = await h.signed(alice, { notBefore: iso(h.clock.now + 1000) })
    expect(await refusal(await h.post(early))).toEqual({
      status: 401,
      code: 'MESSAGE_NOT_YET_VALID',
      message: 'Message is not valid yet (notBefore)',
    })
    // Neither refusal used the nonce up: once notBefore passes, the same message signs in.
    h.clock.now += 1000
    expect((await h.post(early)).status).toBe(201)
  })

  it('refuses an issuedAt more than 5 minutes from the server time, either way', async () => {
    const skew = {
      status: 400,
      code: 'ISSUED_AT_SKEW',
      message: 'Message issuedAt is more than 5 minutes from the server time',
    }
    const past = await h.signed(alice, { issuedAt: iso(h.clock.now - 5 * minute - 1000) })
    expect(await refusal(await h.post(past))).toEqual(skew)
    const future = await h.signed(alice, { issuedAt: iso(h.clock.now + 5 * minute + 1000) })
    expect(await refusal(await h.post(future))).toEqual(skew)
    const edge = await h.signed(alice, { issuedAt: iso(h.clock.now - 5 * minute) })
    expect((await h.post(edge)).status).toBe(201)
  })

  it('answers malformed bodies and queries 400 INVALID_REQUEST, never 500', async () => {
    const signed = await h.signed(alice)
    const bodies: unknown[] = [
      'not json',
      '',
      null,
      [],
      {},
      { ...signed, data: undefined },
      { ...signed, signature: 42 },
      { ...signed, message: '' },
      { ...signed, data: { ...signed.data, chainId: 'one' } },
      { ...signed, data: { ...signed.data, resources: 'https://x.example' } },
      { ...signed, cacao: { h: {} } },
    ]
    for (const body of bodies) {
      const answer = await h.post(typeof body === 'string' ? body : JSON.stringify(body))
      expect({ body, ...(await refusal(answer)) }).toMatchObject({
        body,
        status: 400,
        code: 'INVALID_REQUEST',
      })
    }
    const put = await h.call('/siwx/sessions?projectId=demo', { method: 'PUT', body: { sessions: [] } })
    expect((await refusal(put)).code).toBe('INVALID_REQUEST')
    for (const query of ['', '&chainId=eip155:1', '&address=0x1', '&chainId=nope&address=0x1'])
      expect((await refusal(await h.call(`/siwx/sessions?projectId=demo${query}`))).code).toBe(
        'INVALID_REQUEST',
      )
    expect((await refusal(await h.post(signed, {}, '&auth=jwt'))).code).toBe('INVALID_REQUEST')
    // The guard still comes first.
    expect((await refusal(await h.call('/siwx/nonce?projectId=nope', { method: 'POST' }))).code).toBe(
      'INVALID_KEY',
    )
    // A refused page may read why (with credentials, or the browser would hide the answer).
    const refused = await h.post(signed, { origin: 'https://evil.example.org' })
    expect(await refusal(refused)).toMatchObject({ status: 403, code: 'ORIGIN_NOT_ALLOWED' })
    expect(refused.headers.get('access-control-allow-origin')).toBe('https://evil.example.org')
    expect(refused.headers.get('access-control-allow-credentials')).toBe('true')
  })

  it('refuses a message over 4096 characters and more than 32 resources', async () => {
    const withStatement = (length: number) => h.signed(alice, { statement: 'a'.repeat(length) })
    const overhead = (await withStatement(1)).message.length - 1
    const longest = await withStatement(4096 - overhead)
    expect(longest.message.length).toBe(4096)
    expect((await h.post(longest)).status).toBe(201)
    const long = await withStatement(4097 - overhead)
    expect(await refusal(await h.post(long))).toMatchObject({ status: 400, code: 'INVALID_REQUEST' })
    expect((await refusal(await h.post(long))).message).toMatch(/^message: /)
    const resources = Array.from({ length: 32 + 1 }, (_, i) => `https://r.example/${i}`)
    const many = await h.signed(alice, { resources })
    expect((await refusal(await h.post(many))).message).toMatch(/^data\.resources: /)
    const fits = await h.signed(alice, { resources: resources.slice(1) })
    expect((await h.post(fits)).status).toBe(201)
  })

  it('caps sessions per holder at 32, and PUT at 32 sessions', async () => {
    const accounts = Array.from({ length: 32 + 1 }, (_, i) =>
      privateKeyToAccount(`0x${(i + 1).toString(16).padStart(64, '0')}`),
    )
    const [first, ...rest] = accounts
    if (!first) throw new Error('no account')
    const cookie = cookieOf(await h.post(await h.signed(first)))
    for (const account of rest.slice(0, -1))
      expect((await h.post(await h.signed(account), { cookie })).status).toBe(201)
    const last = rest[rest.length - 1] ?? first
    expect(await refusal(await h.post(await h.signed(last), { cookie }))).toEqual({
      status: 409,
      code: 'TOO_MANY_SESSIONS',
      message: 'Too many sign-in sessions: at most 32 per holder',
    })
    // Renewing a pair the holder has is no new session.
    expect((await h.post(await h.signed(first), { cookie })).status).toBe(201)

    const tooMany = Array.from({ length: 32 + 1 }, () => ({}))
    const put = await h.call('/siwx/sessions?projectId=demo', {
      method: 'PUT',
      body: tooMany,
      headers: { cookie },
    })
    expect((await refusal(put)).code).toBe('INVALID_REQUEST')
  })

  it('refuses a PUT naming one chain and address twice, which would buy two signature checks for one nonce', async () => {
    const session = await h.signed(privateKeyToAccount(`0x${'7'.repeat(64)}`))
    const put = await h.call('/siwx/sessions?projectId=demo', { method: 'PUT', body: [session, session] })
    expect(await refusal(put)).toEqual({
      status: 400,
      code: 'INVALID_REQUEST',
      message: 'request: two sessions for one chain and address',
    })
  })

  it('sign-ins racing on one holder never pass its 32 sessions', async () => {
    const accounts = Array.from({ length: 40 }, (_, i) =>
      privateKeyToAccount(`0x${(i + 1).toString(16).padStart(64, '0')}`),
    )
    const [first, ...rest] = accounts
    if (!first) throw new Error('no account')
    const cookie = cookieOf(await h.post(await h.signed(first)))
    // 24 sessions one by one, then 16 at once: 8 have room.
    for (const account of rest.slice(0, 23))
      expect((await h.post(await h.signed(account), { cookie })).status).toBe(201)
    const racing = []
    for (const account of rest.slice(23)) racing.push(await h.signed(account))
    const answers = await Promise.all(racing.map((session) => h.post(session, { cookie })))
    const statuses = answers.map((answer) => answer.status).sort()
    expect(statuses).toEqual([...Array(8).fill(201), ...Array(8).fill(409)])
  })

  it('rate-limits nonces per client IP (429 with Retry-After)', async () => {
    const limited = await siwxHarness(await open(), { noncesPerIpPerMinute: 2 })
    const from = (address: string) =>
      limited.app.request(
        '/siwx/nonce?projectId=demo',
        { method: 'POST' },
        { incoming: { socket: { remoteAddress: address } } },
      )
    expect((await from('10.0.0.1')).status).toBe(200)
    expect((await from('10.0.0.1')).status).toBe(200)
    const third = await from('10.0.0.1')
    expect(await refusal(third)).toEqual({ status: 429, code: 'RATE_LIMITED', message: 'Rate Limited' })
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await from('10.0.0.2')).status).toBe(200)
  })

  it('refuses a one-click CACAO whose signature is not the session signature', async () => {
    const signed = await h.signed(alice)
    const cacao = { ...cacaoOf(signed), s: { t: 'eip191', s: '0xdead' } }
    expect(await refusal(await h.post({ ...signed, cacao }))).toEqual({
      status: 400,
      code: 'INVALID_MESSAGE',
      message: 'CACAO signature differs from the session signature',
    })
    const good = { ...signed, cacao: { ...cacao, s: { t: 'eip191', s: signed.signature } } }
    const otherIssuer = {
      ...good.cacao,
      p: { ...good.cacao.p, iss: `did:pkh:${signed.data.chainId}:${bob.address}` },
    }
    expect(await refusal(await h.post({ ...signed, cacao: otherIssuer }))).toEqual({
      status: 400,
      code: 'INVALID_MESSAGE',
      message: 'CACAO payload is not the signed message',
    })
    expect((await h.post(good)).status).toBe(201)
  })

  it('takes only a CACAO header type of the SIWE format (caip122, eip4361) and caps its signature metadata', async () => {
    const signed = await h.signed(alice)
    const cacao = cacaoOf(signed)
    // Else each stored session could carry the whole 64 KB body, past the message and signature caps.
    for (const t of ['x'.repeat(30_000), 'eip191', 'CAIP122', ''])
      expect((await refusal(await h.post({ ...signed, cacao: { ...cacao, h: { t } } }))).message).toMatch(
        /^cacao\.h\.t: /,
      )
    const paddedMetadata = { ...cacao, s: { ...cacao.s, m: 'y'.repeat(30_000) } }
    expect((await refusal(await h.post({ ...signed, cacao: paddedMetadata }))).message).toMatch(
      /^cacao\.s\.m: /,
    )
    const olderHeaderWithMetadata = { ...cacao, h: { t: 'eip4361' }, s: { ...cacao.s, m: 'eip191' } }
    expect((await h.post({ ...signed, cacao: olderHeaderWithMetadata })).status).toBe(201)
  })

  // PostgreSQL fails a statement binding U+0000: the lookup answered 500 (SQLite took it). A sign-in's
  // message and data are held to the SIWX grammar before any statement, which refuses it.
  it('refuses U+0000 in the address a lookup or a removal names with 400', async () => {
    const cookie = cookieOf(await h.post(await h.signed(alice)))
    for (const method of ['GET', 'DELETE'])
      expect(
        await refusal(
          await h.call('/siwx/sessions?projectId=demo&chainId=eip155:1&address=%00', {
            method,
            headers: { cookie },
          }),
        ),
      ).toMatchObject({ status: 400, message: /^address: / })
    const nonce = await h.signed(alice, { nonce: 'abcdefgh12345678abcdefgh' })
    const withNul = { ...nonce, data: { ...nonce.data, nonce: `${nonce.data.nonce}\u0000` } }
    expect((await refusal(await h.post(withNul))).status).toBe(400)
  })
})
