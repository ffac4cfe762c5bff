import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { DeviceKeys } from '../../../../services/auth/protocol/index.js'
import { socialLoginAnswer } from '../../../../services/auth/protocol/index.js'
import type { SocialProviderName } from '../../../../services/auth/social/providerConfig.js'
import type { LocalIdp } from '../../../../services/idp/localIdp.js'
import { testAccounts } from '../../../../services/idp/testAccounts.js'
import { eachDatabase } from '../../api/support/databases.js'
import { type AuthHarness, minute, newDevice, second } from '../authHarness.js'
import {
  deliver,
  deviceBody,
  followToCallback,
  redeem,
  socialHarness,
  socialPaths,
  socialTicket,
  startSocial,
  ticketOf,
} from './socialFlow.js'

/** What each provider's first test account logs in as: its verified email only, and its name. */
const expected: Record<SocialProviderName, { email: string | null; name: string }> = {
  google: { email: 'ada@gmail.test', name: 'Ada Google' },
  apple: { email: 'ada@privaterelay.appleid.test', name: 'Ada Apple' },
  github: { email: 'ada@github.test', name: 'Ada GitHub' },
  // Graph says nothing of verification: the email is never trusted.
  facebook: { email: null, name: 'Ada Facebook' },
  x: { email: null, name: 'Ada X' },
  discord: { email: 'ada@discord.test', name: 'Ada Discord' },
}
const providers = Object.keys(expected) as SocialProviderName[]

describe.each(eachDatabase())('social login against the local providers on $name', ({ open }) => {
  let h: AuthHarness
  let idp: LocalIdp
  let device: DeviceKeys
  beforeEach(async () => {
    ;({ h, idp } = await socialHarness(await open()))
    device = await newDevice()
  })
  afterEach(async () => {
    await h.auth.close()
    await idp.close()
  })

  const login = async (provider: SocialProviderName, keys = device, hint?: string) => {
    const answer = await redeem(h, keys, await socialTicket(h, provider, keys, hint))
    const body = await answer.json()
    expect(answer.status, JSON.stringify(body)).toBe(200)
    return socialLoginAnswer.parse(body)
  }

  it.each(
    providers,
  )('%s: a full code flow logs in, and the same user twice is the same identity', async (provider) => {
    const first = await login(provider)
    expect(first.user).toMatchObject({ provider, ...expected[provider] })
    expect(first.wallet).toBeNull()
    const session = await h.call(
      `/auth/v1/session?projectId=demo&hostOrigin=${encodeURIComponent('http://localhost:5173')}`,
      {
        device,
        token: first.session.token,
      },
    )
    expect(session.status).toBe(200)
    // A new browser (no provider cookie) and a new device: the same identity, the same user.
    const again = await login(provider, await newDevice())
    expect(again.user).toEqual(first.user)
  })

  it('the authorize URL asks for PKCE S256, a state, a nonce for OIDC and form_post for Apple', async () => {
    const google = new URL(await startSocial(h, 'google', device))
    expect(google.searchParams.get('code_challenge_method')).toBe('S256')
    expect(google.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(google.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(google.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const github = new URL(await startSocial(h, 'github', device))
    expect(github.searchParams.get('code_challenge_method')).toBe('S256')
    expect(github.searchParams.has('nonce')).toBe(false)
    const apple = new URL(await startSocial(h, 'apple', device))
    expect(apple.searchParams.get('response_mode')).toBe('form_post')
  })

  it('Apple: the name comes from the first login only, and is kept after', async () => {
    const uri = await startSocial(h, 'apple', device)
    const callback = await followToCallback(uri, h.auth.url)
    expect(callback.form?.get('user')).toContain('Ada')
    const first = socialLoginAnswer.parse(
      await (await redeem(h, device, await ticketOf(await deliver(callback)))).json(),
    )
    expect(first.user.name).toBe('Ada Apple')
    const second = await followToCallback(await startSocial(h, 'apple', device), h.auth.url)
    expect(second.form?.has('user')).toBe(false)
    const again = socialLoginAnswer.parse(
      await (await redeem(h, device, await ticketOf(await deliver(second)))).json(),
    )
    expect(again.user).toEqual(first.user)
  })

  // PostgreSQL's TEXT cannot hold U+0000: an attempt or identity stored with one failed with a 500.
  it('refuses U+0000 in a return path with 400, and drops an Apple name holding it', async () => {
    const start = await h.post(socialPaths.start, device, {
      provider: 'google',
      device: deviceBody(device),
      returnPath: '/back\u0000',
    })
    expect(start.status).toBe(400)
    expect(await start.json()).toMatchObject({ code: 'INVALID_REQUEST' })
    const callback = await followToCallback(await startSocial(h, 'apple', device), h.auth.url)
    callback.form?.set('user', JSON.stringify({ name: { firstName: 'Ada\u0000' } }))
    const answer = await redeem(h, device, await ticketOf(await deliver(callback)))
    expect(socialLoginAnswer.parse(await answer.json()).user.name).toBeNull()
  })

  it('an email login and a social login with the same email stay two users (no merge by email)', async () => {
    const byEmail = await h.login('ada@gmail.test', device)
    const social = await login('google')
    expect(social.user.email).toBe('ada@gmail.test')
    expect(social.user.id).not.toBe((byEmail.body.user as { id: string }).id)
  })

  it('a provider not enabled for the project is refused before any attempt', async () => {
    const { ProjectStore } = await import('../../../../services/api/projects/index.js')
    await new ProjectStore(h.db).update('demo', { features: { socials: ['google'] } })
    const answer = await h.post(socialPaths.start, device, { provider: 'github', device: deviceBody(device) })
    expect(answer.status).toBe(403)
    expect(await answer.json()).toMatchObject({ code: 'SOCIAL_DISABLED' })
    const farcaster = await h.post(socialPaths.start, device, {
      provider: 'farcaster',
      device: deviceBody(device),
    })
    expect(farcaster.status).toBe(400)
  })

  it('on a project with socials only, the session routes serve a social user; a mailed re-auth is refused', async () => {
    const { ProjectStore } = await import('../../../../services/api/projects/index.js')
    await new ProjectStore(h.db).update('demo', { features: { email: false } })
    const { session } = await login('x')
    const scope = `projectId=demo&hostOrigin=${encodeURIComponent('http://localhost:5173')}`
    const current = await h.call(`/auth/v1/session?${scope}`, { device, token: session.token })
    expect(current.status).toBe(200)
    expect(await current.json()).toMatchObject({ user: { email: null }, wallet: null })
    const reauth = await h.post('/auth/v1/reauth/start', device, {}, session.token)
    expect(reauth.status).toBe(403)
    const signOut = await h.post('/auth/v1/sign-out', device, {}, session.token)
    expect(signOut.status).toBe(204)
    const after = await h.call(`/auth/v1/session?${scope}`, { device, token: session.token })
    expect(after.status).toBe(401)
  })

  it('pending logins are capped per device', async () => {
    for (let i = 0; i < 5; i++) await startSocial(h, 'github', device)
    const sixth = await h.post(socialPaths.start, device, { provider: 'github', device: deviceBody(device) })
    expect(sixth.status).toBe(429)
    // Another device is not held back by the first one's attempts.
    expect(await startSocial(h, 'github', await newDevice())).toContain('/auth?')
  })

  it('an attempt whose callback failed counts toward the device cap until it expires', async () => {
    for (let i = 0; i < 5; i++) {
      const state = new URL(await startSocial(h, 'github', device)).searchParams.get('state')
      const denied = await fetch(
        `${h.auth.url}${socialPaths.callback}/github?state=${state}&error=access_denied`,
      )
      expect(await denied.json()).toMatchObject({ code: 'SOCIAL_FAILED' })
    }
    const sixth = await h.post(socialPaths.start, device, { provider: 'github', device: deviceBody(device) })
    expect(sixth.status).toBe(429)
    h.pass(10 * minute)
    expect(await startSocial(h, 'github', device)).toContain('/auth?')
  })

  describe('refusals (issue 35, acceptance point 2)', () => {
    const refusedTicket = async (answer: Response) => {
      expect(answer.status).toBe(400)
      expect(await answer.json()).toMatchObject({ code: 'TICKET_INVALID' })
    }

    it('a replayed ticket is refused', async () => {
      const ticket = await socialTicket(h, 'github', device)
      expect((await redeem(h, device, ticket)).status).toBe(200)
      await refusedTicket(await redeem(h, device, ticket))
    })

    it('a ticket from another device key is refused', async () => {
      const ticket = await socialTicket(h, 'github', device)
      const other = await redeem(h, await newDevice(), ticket)
      expect(other.status).toBe(401)
      expect(await other.json()).toMatchObject({ code: 'PROOF_INVALID' })
    })

    it('a state mismatch is refused, and a state works for one callback only', async () => {
      const callback = await followToCallback(await startSocial(h, 'google', device), h.auth.url)
      const forged = new URL(callback.url)
      forged.searchParams.set('state', 'A'.repeat(43))
      const wrong = await deliver({ url: forged.href })
      expect(wrong.status).toBe(400)
      expect(await wrong.json()).toMatchObject({ code: 'SOCIAL_FAILED' })
      expect((await deliver(callback)).status).toBe(200)
      expect((await deliver(callback)).status).toBe(400)
    })

    it('a missing PKCE verifier is refused: no challenge at the provider, no code without the verifier', async () => {
      const uri = new URL(await startSocial(h, 'x', device))
      uri.searchParams.delete('code_challenge')
      uri.searchParams.delete('code_challenge_method')
      const callback = await followToCallback(uri.href, h.auth.url)
      expect(new URL(callback.url).searchParams.get('error')).toBe('invalid_request')
      expect((await deliver(callback)).status).toBe(400)

      const good = await followToCallback(await startSocial(h, 'github', device), h.auth.url)
      const code = new URL(good.url).searchParams.get('code') ?? ''
      const exchange = await fetch(`${idp.url}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: `${h.auth.url}${socialPaths.callback}/github`,
          client_id: 'github-client',
          client_secret: 'github-secret',
        }).toString(),
      })
      expect(exchange.status).toBe(400)
      expect(await exchange.json()).toMatchObject({ error: 'invalid_grant' })
    })

    it('a callback that repeats a parameter is refused, in its query or across query and form', async () => {
      const callback = await followToCallback(await startSocial(h, 'github', device), h.auth.url)
      const repeated = new URL(callback.url)
      repeated.searchParams.append('code', repeated.searchParams.get('code') ?? '')
      const answer = await deliver({ url: repeated.href })
      expect(answer.status).toBe(400)
      expect(await answer.json()).toMatchObject({ code: 'SOCIAL_FAILED' })

      const posted = await followToCallback(await startSocial(h, 'apple', device), h.auth.url)
      const state = posted.form?.get('state') ?? ''
      const mixed = await deliver({ url: `${posted.url}?state=${state}`, form: posted.form })
      expect(mixed.status).toBe(400)
      expect(await mixed.json()).toMatchObject({ code: 'SOCIAL_FAILED' })
    })

    it('a wrong issuer is refused', async () => {
      const callback = await followToCallback(await startSocial(h, 'discord', device), h.auth.url)
      const forged = new URL(callback.url)
      expect(forged.searchParams.get('iss')).toBe(idp.url)
      forged.searchParams.set('iss', 'https://attacker.example')
      const answer = await deliver({ url: forged.href })
      expect(answer.status).toBe(400)
      expect(await answer.json()).toMatchObject({ code: 'SOCIAL_FAILED' })
    })

    it('an expired ticket is refused after 60 s', async () => {
      const ticket = await socialTicket(h, 'github', device)
      h.pass(60 * second)
      await refusedTicket(await redeem(h, device, ticket))
    })

    it('an unverified email is refused as the account email (Google, Apple, GitHub, Discord)', async () => {
      for (const provider of ['google', 'apple', 'github', 'discord'] as const) {
        const unverified = testAccounts[provider][1]
        if (!unverified) throw new Error(`${provider} has no unverified account`)
        const answer = await login(provider, await newDevice(), unverified.subject)
        expect(answer.user.email, provider).toBeNull()
      }
    })
  })
})
