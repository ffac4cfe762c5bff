import { beforeEach, describe, expect, it } from 'vitest'
import { eachDatabase } from '../support/databases.js'
import {
  alice,
  bob,
  cookieOf,
  type Harness,
  minute,
  origin,
  refusal,
  siwxHarness,
  start,
} from './siwxHarness.js'

const pair = (chainId: string, address: string) =>
  `/siwx/sessions?projectId=demo&chainId=${chainId}&address=${address}`

describe.each(eachDatabase())('sign-in routes on $name', ({ open }) => {
  let h: Harness
  beforeEach(async () => {
    h = await siwxHarness(await open())
  })

  it('POST /siwx/nonce gives a fresh base62 nonce of at least 22 characters, alive 5 minutes', async () => {
    const answer = await h.call('/siwx/nonce?projectId=demo', { method: 'POST' })
    expect(answer.status).toBe(200)
    const body = (await answer.json()) as { nonce: string; expiresAt: string }
    expect(body.nonce).toMatch(/^[0-9A-Za-z]{22,}$/)
    expect(body.expiresAt).toBe(new Date(start + 5 * minute).toISOString())
    expect(await h.nonce()).not.toBe(body.nonce)
  })

  it('SIWX-02 a verified sign-in sets the __Host- cookie and a later lookup for that network and address finds it', async () => {
    const session = await h.signed(alice)
    const answer = await h.post(session)
    expect(answer.status).toBe(201)
    const body = (await answer.json()) as Record<string, unknown>
    expect(body).toEqual({ session, expiresAt: new Date(start + 60 * minute).toISOString() })
    expect(body).not.toHaveProperty('token')
    expect(answer.headers.get('access-control-allow-origin')).toBe(origin)
    expect(answer.headers.get('access-control-allow-credentials')).toBe('true')

    const setCookie = answer.headers.get('set-cookie') ?? ''
    expect(setCookie).toMatch(/^__Host-pairwise-siwx=[A-Za-z0-9_-]{43};/)
    const attributes = setCookie
      .split(';')
      .slice(1)
      .map((part) => part.trim())
    expect(attributes).toEqual(
      expect.arrayContaining(['Path=/', 'HttpOnly', 'Secure', 'SameSite=Lax', `Max-Age=${7 * 24 * 3600}`]),
    )
    expect(setCookie).not.toMatch(/Domain=/i)

    const cookie = cookieOf(answer)
    const found = await h.call(pair('eip155:1', alice.address), { headers: { cookie } })
    expect(found.status).toBe(200)
    expect(await found.json()).toEqual([session])
    // Any case of the address finds the EIP-55 one; another chain or address finds nothing.
    const lower = await h.call(pair('eip155:1', alice.address.toLowerCase()), { headers: { cookie } })
    expect(await lower.json()).toEqual([session])
    expect(await (await h.call(pair('eip155:31337', alice.address), { headers: { cookie } })).json()).toEqual(
      [],
    )
    expect(await (await h.call(pair('eip155:1', bob.address), { headers: { cookie } })).json()).toEqual([])
    // No cookie: nobody's sessions.
    expect(await (await h.call(pair('eip155:1', alice.address))).json()).toEqual([])
  })

  it('GET /siwx/me lists the holder, again on a later request (a reload), and 401 NOT_SIGNED_IN without', async () => {
    const cookie = cookieOf(await h.post(await h.signed(alice)))
    const me = await h.call('/siwx/me?projectId=demo', { headers: { cookie } })
    expect(me.status).toBe(200)
    const expected = {
      sessions: [
        {
          chainId: 'eip155:1',
          address: alice.address,
          expiresAt: new Date(start + 60 * minute).toISOString(),
        },
      ],
    }
    expect(await me.json()).toEqual(expected)
    h.clock.now += 30 * minute
    const reload = await h.call('/siwx/me?projectId=demo', { headers: { cookie } })
    expect(await reload.json()).toEqual(expected)
    expect(await refusal(await h.call('/siwx/me?projectId=demo'))).toEqual({
      status: 401,
      code: 'NOT_SIGNED_IN',
      message: 'Not signed in',
    })
    // The session ends with the message's expirationTime.
    h.clock.now = start + 60 * minute
    expect((await h.call('/siwx/me?projectId=demo', { headers: { cookie } })).status).toBe(401)
  })

  it('a second sign-in with the cookie joins the same holder', async () => {
    const cookie = cookieOf(await h.post(await h.signed(alice)))
    const second = await h.post(await h.signed(bob), { cookie })
    expect(second.status).toBe(201)
    expect(cookieOf(second)).toBe(cookie)
    const me = (await (await h.call('/siwx/me?projectId=demo', { headers: { cookie } })).json()) as {
      sessions: { address: string }[]
    }
    expect(me.sessions.map((each) => each.address).sort()).toEqual([alice.address, bob.address].sort())
  })

  it('DELETE removes exactly one chain and address pair, not every session sharing its chain or address', async () => {
    const cookie = cookieOf(await h.post(await h.signed(alice)))
    await h.post(await h.signed(alice, { chainId: 'eip155:31337' }), { cookie })
    await h.post(await h.signed(bob), { cookie })
    const removed = await h.call(pair('eip155:1', alice.address), { method: 'DELETE', headers: { cookie } })
    expect(removed.status).toBe(204)
    const count = async (chainId: string, address: string) =>
      ((await (await h.call(pair(chainId, address), { headers: { cookie } })).json()) as unknown[]).length
    expect(await count('eip155:1', alice.address)).toBe(0)
    expect(await count('eip155:31337', alice.address)).toBe(1)
    expect(await count('eip155:1', bob.address)).toBe(1)
  })

  it('PUT replaces the holder sessions with the verified ones; PUT [] signs out', async () => {
    const cookie = cookieOf(await h.post(await h.signed(alice)))
    const replacement = await h.signed(bob, { chainId: 'eip155:31337' })
    const put = await h.call('/siwx/sessions?projectId=demo', {
      method: 'PUT',
      body: [replacement],
      headers: { cookie },
    })
    expect(put.status).toBe(200)
    expect(await put.json()).toEqual({ sessions: [replacement] })
    expect(await (await h.call(pair('eip155:1', alice.address), { headers: { cookie } })).json()).toEqual([])
    expect(await (await h.call(pair('eip155:31337', bob.address), { headers: { cookie } })).json()).toEqual([
      replacement,
    ])
    // The nonce went with the PUT: the same session again is refused.
    const again = await h.call('/siwx/sessions?projectId=demo', {
      method: 'PUT',
      body: [replacement],
      headers: { cookie },
    })
    expect((await refusal(again)).code).toBe('NONCE_INVALID')

    const empty = await h.call('/siwx/sessions?projectId=demo', {
      method: 'PUT',
      body: [],
      headers: { cookie },
    })
    expect(empty.status).toBe(200)
    expect(await empty.json()).toEqual({ sessions: [] })
    expect((await h.call('/siwx/me?projectId=demo', { headers: { cookie } })).status).toBe(401)
  })

  it("PUT takes one nonce for every chain a wallet signed it on, as WalletConnect's one-click sign-in sends them, and never again", async () => {
    const first = await h.signed(alice)
    const second = await h.signed(alice, { chainId: 'eip155:31337', nonce: first.data.nonce })
    const put = (body: unknown[]) => h.call('/siwx/sessions?projectId=demo', { method: 'PUT', body })
    const answer = await put([first, second])
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual({ sessions: [first, second] })
    expect((await refusal(await put([second]))).code).toBe('NONCE_INVALID')
  })

  it('POST /siwx/sign-out forgets the holder and clears the cookie', async () => {
    const cookie = cookieOf(await h.post(await h.signed(alice)))
    const out = await h.call('/siwx/sign-out?projectId=demo', { method: 'POST', headers: { cookie } })
    expect(out.status).toBe(204)
    const cleared = out.headers.get('set-cookie') ?? ''
    expect(cleared).toMatch(/^__Host-pairwise-siwx=;/)
    expect(cleared).toContain('Max-Age=0')
    expect((await h.call('/siwx/me?projectId=demo', { headers: { cookie } })).status).toBe(401)
    expect(await (await h.call(pair('eip155:1', alice.address), { headers: { cookie } })).json()).toEqual([])
  })

  it('POST /siwx/sign-out ends the cookie holder too when a bearer token, unknown or valid, is sent beside the cookie', async () => {
    const signOut = async (headers: Record<string, string>) => {
      const out = await h.call('/siwx/sign-out?projectId=demo', { method: 'POST', headers })
      expect(out.status).toBe(204)
      expect(out.headers.get('set-cookie') ?? '').toMatch(/^__Host-pairwise-siwx=;/)
    }
    const me = (headers: Record<string, string>) => h.call('/siwx/me?projectId=demo', { headers })

    const cookie = cookieOf(await h.post(await h.signed(alice)))
    await signOut({ cookie, authorization: `Bearer ${'x'.repeat(43)}` })
    expect((await me({ cookie })).status).toBe(401)

    const withCookie = cookieOf(await h.post(await h.signed(alice)))
    const bearer = await h.post(await h.signed(bob), {}, '&auth=bearer')
    const authorization = `Bearer ${((await bearer.json()) as { token: string }).token}`
    await signOut({ cookie: withCookie, authorization })
    expect((await me({ cookie: withCookie })).status).toBe(401)
    expect((await me({ authorization })).status).toBe(401)
  })

  it('deletes expired used nonces, sessions and holders on later writes', async () => {
    await h.post(await h.signed(alice))
    await h.post(await h.signed(bob), {}, '&auth=bearer')
    await h.nonce()
    const rows = async (table: string) =>
      Number((await h.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))?.n)
    const tables = ['siwx_used_nonces', 'siwx_sessions', 'siwx_holders']
    const counts = async () => Promise.all(tables.map(rows))
    expect(await counts()).toEqual([2, 2, 2])
    h.clock.now += 7 * 24 * 60 * minute
    await h.post(await h.signed(alice))
    expect(await counts()).toEqual([1, 1, 1])
  })

  it('on plain http to 127.0.0.1 the cookie is pairwise-siwx without Secure (the browser would drop it)', async () => {
    const session = await h.signed(alice)
    const answer = await h.app.request('http://127.0.0.1:8788/siwx/sessions?projectId=demo', {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify(session),
    })
    expect(answer.status).toBe(201)
    const setCookie = answer.headers.get('set-cookie') ?? ''
    expect(setCookie).toMatch(/^pairwise-siwx=[A-Za-z0-9_-]{43};/)
    expect(setCookie).toContain('HttpOnly')
    expect(setCookie).toContain('SameSite=Lax')
    expect(setCookie).not.toContain('Secure')
    const me = await h.app.request('http://127.0.0.1:8788/siwx/me?projectId=demo', {
      headers: { origin, cookie: cookieOf(answer) },
    })
    expect(me.status).toBe(200)
  })

  it('with auth=bearer the token comes in the body instead of a cookie and lasts 15 minutes', async () => {
    const answer = await h.post(await h.signed(alice), {}, '&auth=bearer')
    expect(answer.status).toBe(201)
    expect(answer.headers.get('set-cookie')).toBeNull()
    const body = (await answer.json()) as { token: string; expiresAt: string }
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(body.expiresAt).toBe(new Date(start + 15 * minute).toISOString())
    const authorization = `Bearer ${body.token}`
    const found = await h.call(pair('eip155:1', alice.address), { headers: { authorization } })
    expect(((await found.json()) as unknown[]).length).toBe(1)
    // A second bearer sign-in with the token joins it, no new token.
    const second = await h.post(await h.signed(bob), { authorization }, '&auth=bearer')
    expect(await second.json()).not.toHaveProperty('token')
    expect((await h.call('/siwx/me?projectId=demo', { headers: { authorization } })).status).toBe(200)
    // The token is no cookie, and a cookie's value is no token.
    expect(
      (await h.call('/siwx/me?projectId=demo', { headers: { cookie: `__Host-pairwise-siwx=${body.token}` } }))
        .status,
    ).toBe(401)

    h.clock.now = start + 15 * minute - 1
    expect((await h.call('/siwx/me?projectId=demo', { headers: { authorization } })).status).toBe(200)
    h.clock.now = start + 15 * minute
    expect((await h.call('/siwx/me?projectId=demo', { headers: { authorization } })).status).toBe(401)
    expect(
      await (await h.call(pair('eip155:1', alice.address), { headers: { authorization } })).json(),
    ).toEqual([])
  })

  it('answers the credentialed preflight of the sign-in routes (PUT, DELETE, Authorization) for an allowed origin only', async () => {
    const preflight = (from: string) =>
      h.call('/siwx/sessions?projectId=demo', {
        method: 'OPTIONS',
        headers: {
          origin: from,
          'access-control-request-method': 'PUT',
          'access-control-request-headers': 'content-type, authorization',
        },
      })
    const yes = await preflight(origin)
    expect(yes.status).toBe(204)
    expect(yes.headers.get('access-control-allow-origin')).toBe(origin)
    expect(yes.headers.get('access-control-allow-credentials')).toBe('true')
    expect(yes.headers.get('access-control-allow-methods')).toBe('GET, POST, PUT, DELETE')
    expect(yes.headers.get('access-control-allow-headers')).toBe('content-type, authorization')
    const no = await preflight('https://evil.example.org')
    expect(no.headers.get('access-control-allow-origin')).toBeNull()
    expect(no.headers.get('access-control-allow-credentials')).toBeNull()
    // Another route's preflight is as before: no credentials.
    const other = await h.call('/v1/project/config?projectId=demo', {
      method: 'OPTIONS',
      headers: { 'access-control-request-method': 'GET' },
    })
    expect(other.headers.get('access-control-allow-credentials')).toBeNull()
    expect(other.headers.get('access-control-allow-methods')).toBe('GET, POST, PATCH')
  })
})
