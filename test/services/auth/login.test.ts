import { base64urlToBytes, bytesToBase64url } from '@pairwise/crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { DeviceKeys } from '../../../services/auth/protocol/index.js'
import { emailStartAnswer, errorAnswer, loginAnswer } from '../../../services/auth/protocol/index.js'
import { eachDatabase } from '../api/support/databases.js'
import { type AuthHarness, authHarness, minute, newDevice, second, startBody } from './authHarness.js'

const START = '/auth/v1/email/start'
const VERIFY = '/auth/v1/email/verify'
const alice = 'alice@example.com'

describe.each(eachDatabase())('email login on $name', ({ open }) => {
  let h: AuthHarness
  let device: DeviceKeys
  beforeEach(async () => {
    h = await authHarness(await open())
    device = await newDevice()
  })
  afterEach(() => h.auth.close())

  const begin = async (email = alice, keys = device) => {
    const answer = await h.post(START, keys, startBody(email, keys))
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> }
  }
  const verify = async (attemptId: unknown, code: string, keys = device) => {
    const answer = await h.post(VERIFY, keys, { attemptId, code })
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> }
  }
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

  it('mails a 6-digit code with the host origin and its 10-minute life, no link; the code logs in', async () => {
    const { status, body } = await begin()
    expect(status).toBe(200)
    expect(emailStartAnswer.parse(body).action).toBe('VERIFY_OTP')
    const mail = h.lastMail(alice)
    expect(mail.subject).toBe('Your Demo login code')
    expect(mail.text).toMatch(/^Your code: \d{6}$/m)
    expect(mail.text).toContain('http://localhost:5173')
    expect(mail.text).toContain('It expires in 10 minutes.')
    expect(mail.text).not.toMatch(/https?:\/\/(?!localhost:5173)/)
    const verified = await verify(body.attemptId, h.codeFor(alice))
    expect(verified.status).toBe(200)
    const login = loginAnswer.parse(verified.body)
    expect(login.user.email).toBe(alice)
    expect(login.wallet).toBeNull()
    expect(login.session.expiresAt).toBe(h.clock.now + 24 * 60 * minute)
  })

  it('a code expires after 10 minutes', async () => {
    const { body } = await begin()
    h.pass(10 * minute)
    const late = await verify(body.attemptId, h.codeFor(alice))
    expect(late).toEqual({ status: 400, body: expect.objectContaining({ code: 'OTP_EXPIRED' }) })
  })

  it('a code works once', async () => {
    const { body } = await begin()
    const code = h.codeFor(alice)
    expect((await verify(body.attemptId, code)).status).toBe(200)
    expect((await verify(body.attemptId, code)).body.code).toBe('OTP_EXPIRED')
  })

  it('a new code invalidates the previous one', async () => {
    const first = await begin()
    const firstCode = h.codeFor(alice)
    h.pass(30 * second)
    const second_ = await begin()
    expect((await verify(first.body.attemptId, firstCode)).body.code).toBe('OTP_EXPIRED')
    expect((await verify(second_.body.attemptId, h.codeFor(alice))).status).toBe(200)
  })

  it('a code whose attempt is of a kind this version does not know never logs in', async () => {
    const { body } = await begin()
    // As a newer version would write it during a rolling upgrade, or a corrupt row would read.
    await h.db.run("UPDATE auth_attempts SET kind = 'magic-link' WHERE id = ?", [String(body.attemptId)])
    const verified = await verify(body.attemptId, h.codeFor(alice))
    expect(verified).toEqual({ status: 400, body: expect.objectContaining({ code: 'OTP_EXPIRED' }) })
  })

  it('a code is bound to its device: another device cannot use the attempt', async () => {
    const { body } = await begin()
    const other = await newDevice()
    const stolen = await verify(body.attemptId, h.codeFor(alice), other)
    expect(stolen).toEqual({ status: 401, body: expect.objectContaining({ code: 'PROOF_INVALID' }) })
  })

  it('wrong codes count down and the fifth burns the code, even for the right code after', async () => {
    const { body } = await begin()
    const code = h.codeFor(alice)
    for (const left of [4, 3, 2, 1, 0]) {
      const answer = await verify(body.attemptId, wrong(code))
      expect(answer).toEqual({
        status: 400,
        body: { code: 'OTP_INVALID', message: 'Invalid code', triesLeft: left },
      })
    }
    expect((await verify(body.attemptId, code)).body.code).toBe('OTP_EXPIRED')
  })

  it('EMAIL-09 a second login mail within 30 s is refused by the server with 429 and retryAfter, per email and per device', async () => {
    await begin()
    h.pass(12 * second)
    const again = await h.post(START, device, startBody(alice, device))
    expect(again.status).toBe(429)
    expect(again.headers.get('retry-after')).toBe('18')
    expect(errorAnswer.parse(await again.json())).toEqual({
      code: 'RATE_LIMITED',
      message: 'Please try again after 18 seconds',
      retryAfter: 18,
    })
    const otherDevice = await newDevice()
    expect((await begin(alice, otherDevice)).body).toMatchObject({ retryAfter: 18 })
    expect((await begin('bob@example.com', device)).body).toMatchObject({ retryAfter: 18 })
    expect(h.mailer.mails).toHaveLength(1)
    h.pass(18 * second)
    expect((await begin()).status).toBe(200)
    expect(h.mailer.mails).toHaveLength(2)
  })

  it('caps mails per email at 5 in 15 minutes and 10 in an hour', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await begin(alice, await newDevice())).status).toBe(200)
      h.pass(31 * second)
    }
    const capped = await begin(alice, await newDevice())
    expect(capped.status).toBe(429)
    // The first of the five leaves the 15-minute window 15 min after it was sent.
    expect(capped.body.retryAfter).toBe(15 * 60 - 5 * 31)
    h.pass(15 * minute)
    for (let i = 0; i < 5; i++) {
      expect((await begin(alice, await newDevice())).status).toBe(200)
      h.pass(31 * second)
    }
    h.pass(15 * minute)
    expect((await begin(alice, await newDevice())).status).toBe(429)
  })

  it('caps mails per IP whatever the address', async () => {
    await h.auth.close()
    h = await authHarness(await open(), { sendCapsPerIp: [{ windowMs: 15 * minute, max: 3 }] })
    for (let i = 0; i < 3; i++) expect((await begin(`u${i}@example.com`, await newDevice())).status).toBe(200)
    const capped = await begin('u3@example.com', await newDevice())
    expect(capped).toEqual({ status: 429, body: expect.objectContaining({ code: 'RATE_LIMITED' }) })
  })

  it('10 wrong codes in an hour lock email login for 15 minutes (423), with a notice, then it works again', async () => {
    for (let round = 0; round < 2; round++) {
      const { body } = await begin()
      const code = h.codeFor(alice)
      for (let i = 0; i < 5; i++) await verify(body.attemptId, wrong(code))
      h.pass(31 * second)
    }
    const locked = await begin()
    expect(locked.status).toBe(423)
    expect(locked.body).toMatchObject({ code: 'EMAIL_LOCKED' })
    expect(locked.body.retryAfter).toBe(15 * 60 - 31)
    expect(h.lastMail(alice).subject).toBe('Demo: email login paused')
    h.pass(15 * minute)
    const { body } = await begin()
    expect((await verify(body.attemptId, h.codeFor(alice))).status).toBe(200)
  })

  it('answers known and unknown emails alike (known device: same action, same keys)', async () => {
    await h.login(alice, device)
    h.pass(31 * second)
    const known = await begin(alice)
    const unknown = await begin('nobody@example.com', await newDevice())
    expect(known.status).toBe(unknown.status)
    expect(Object.keys(known.body).sort()).toEqual(Object.keys(unknown.body).sort())
    expect(known.body.action).toBe('VERIFY_OTP')
    expect(unknown.body.action).toBe('VERIFY_OTP')
  })

  it('CONNECT when the bearer is a live session of this email on this device, without a mail', async () => {
    const { token } = await h.login(alice, device)
    const sent = h.mailer.mails.length
    h.pass(second)
    const answer = await h.post(START, device, startBody(alice, device), token)
    expect(await answer.json()).toMatchObject({ action: 'CONNECT' })
    expect(h.mailer.mails).toHaveLength(sent)
    h.pass(31 * second)
    const otherEmail = await h.post(START, device, startBody('bob@example.com', device), token)
    expect(await otherEmail.json()).toMatchObject({ action: 'VERIFY_OTP' })
  })

  it('VERIFY_DEVICE for a known email on a new device, after its code: GET shows the link, only POST approves, then the wait logs in', async () => {
    await h.login(alice, device)
    h.pass(31 * second)
    const laptop = await newDevice()
    const { body } = await begin(alice, laptop)
    expect(body.action).toBe('VERIFY_OTP')
    const wait = () => h.post('/auth/v1/device/wait', laptop, { attemptId: body.attemptId })
    expect((await wait()).status).toBe(400)
    const code = h.codeFor(alice)
    expect(await verify(body.attemptId, code, laptop)).toEqual({
      status: 200,
      body: { action: 'VERIFY_DEVICE' },
    })
    expect((await verify(body.attemptId, code, laptop)).body.code).toBe('OTP_EXPIRED')
    const mail = h.lastMail(alice)
    expect(mail.subject).toBe('Approve a new device for Demo')
    const link = /^Approve: (\S+)$/m.exec(mail.text)?.[1] ?? ''
    expect(link).toMatch(new RegExp(`^${h.auth.url}/auth/v1/device/approve\\?token=[A-Za-z0-9_-]{43}$`))

    expect(await (await wait()).json()).toEqual({ approved: false })
    const page = await fetch(link)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain(laptop.deviceId)
    expect(html).toContain('http://localhost:5173')
    expect(html).toContain('127.0.0.1')
    expect(html).toContain('method="post"')
    expect(page.headers.get('referrer-policy')).toBe('no-referrer')
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    await fetch(link)
    expect(await (await wait()).json()).toEqual({ approved: false })

    const token = new URL(link).searchParams.get('token') ?? ''
    const approve = () =>
      fetch(`${h.auth.url}/auth/v1/device/approve`, { method: 'POST', body: new URLSearchParams({ token }) })
    expect((await approve()).status).toBe(200)
    expect((await approve()).status).toBe(410)
    expect((await fetch(link)).status).toBe(410)

    const mailsBefore = h.mailer.mails.length
    const approved = await wait()
    expect(approved.status).toBe(200)
    const login = loginAnswer.parse(await approved.json().then(({ approved: _, ...rest }) => rest))
    expect(login.user.email).toBe(alice)
    expect((await wait()).status).toBe(400)
    expect(h.mailer.mails).toHaveLength(mailsBefore)
  })

  /** Alice, logged in elsewhere, on a new laptop whose login waits for the approval link mailed to her. */
  const awaitingApproval = async () => {
    await h.login(alice, device)
    h.pass(31 * second)
    const laptop = await newDevice()
    const { body } = await begin(alice, laptop)
    await verify(body.attemptId, h.codeFor(alice), laptop)
    return {
      link: /^Approve: (\S+)$/m.exec(h.lastMail(alice).text)?.[1] ?? '',
      wait: async () => (await h.post('/auth/v1/device/wait', laptop, { attemptId: body.attemptId })).json(),
    }
  }

  it('an approval link dies after 10 minutes', async () => {
    const { link, wait } = await awaitingApproval()
    h.pass(10 * minute)
    expect((await fetch(link)).status).toBe(410)
    expect(await wait()).toMatchObject({ code: 'OTP_EXPIRED' })
    const token = new URL(link).searchParams.get('token') ?? ''
    const late = await fetch(`${h.auth.url}/auth/v1/device/approve`, {
      method: 'POST',
      body: new URLSearchParams({ token }),
    })
    expect(late.status).toBe(410)
  })

  it('tells a device waiting for approval that its login ended once a newer login for the email ended its link', async () => {
    const { link, wait } = await awaitingApproval()
    h.pass(31 * second)
    await begin(alice, await newDevice())
    expect((await fetch(link)).status).toBe(410)
    expect(await wait()).toMatchObject({ code: 'OTP_EXPIRED' })
  })

  it('refuses a proof by another key, an old one, a replayed one and one over another body with 401', async () => {
    const body = { projectId: 'demo', hostOrigin: 'http://localhost:5173', ...startBody(alice, device) }
    const other = await newDevice()
    const cases: Array<[string, Parameters<AuthHarness['call']>[1]]> = [
      ['no proof', { body }],
      ['another key', { body, device: other }],
      ['61 s old', { body, device, proofAt: h.clock.now - 61 * second }],
      ['61 s ahead', { body, device, proofAt: h.clock.now + 61 * second }],
    ]
    for (const [, init] of cases) {
      const answer = await h.call(START, init)
      expect(answer.status).toBe(401)
      expect(await answer.json()).toMatchObject({ code: 'PROOF_INVALID' })
    }
    const { proofHeaders } = await import('../../../services/auth/protocol/index.js')
    const text = JSON.stringify(body)
    const headers = {
      'content-type': 'application/json',
      ...(await proofHeaders(device, { method: 'POST', path: START, body: text, now: h.clock.now })),
    }
    const send = (payload: string) =>
      fetch(`${h.auth.url}${START}`, { method: 'POST', headers, body: payload })
    const changed = await send(JSON.stringify({ ...body, email: 'mallory@example.com' }))
    expect(changed.status).toBe(401)
    expect((await send(text)).status).toBe(200)
    const replayed = await send(text)
    expect(replayed.status).toBe(401)
  })

  it('refuses a start whose agreement key is not a P-256 public key, naming it, before any mail', async () => {
    const p384 = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-384' }, true, ['deriveBits'])
    const spki = base64urlToBytes(device.agreementKey)
    // The point's last bit flipped: no longer on the curve.
    const offCurve = spki.map((byte, i) => (i === spki.length - 1 ? byte ^ 1 : byte))
    const keys = [
      'AAAA',
      bytesToBase64url(new Uint8Array(await crypto.subtle.exportKey('spki', p384.publicKey))),
      bytesToBase64url(offCurve),
    ]
    for (const agreementKey of keys) {
      const answer = await h.post(START, device, {
        email: alice,
        device: { signingKey: device.signingKey, agreementKey },
      })
      expect(answer.status).toBe(400)
      expect(await answer.json()).toEqual({
        code: 'INVALID_REQUEST',
        message: 'device.agreementKey: not a P-256 public key',
      })
    }
    expect(h.mailer.mails).toHaveLength(0)
  })

  it('answers malformed bodies with 4xx JSON, never 500', async () => {
    const bodies: unknown[] = [
      'not json',
      '[]',
      'null',
      {},
      { projectId: 'demo', hostOrigin: 'http://localhost:5173' },
      { projectId: 'demo', hostOrigin: 'http://localhost:5173', ...startBody('not-an-email', device) },
      { projectId: 'demo', hostOrigin: 'http://localhost:5173', ...startBody(alice, device), extra: 1 },
      { projectId: 'demo', hostOrigin: 'localhost', ...startBody(alice, device) },
      { projectId: '../x', hostOrigin: 'http://localhost:5173', ...startBody(alice, device) },
      { projectId: 'nope', hostOrigin: 'http://localhost:5173', ...startBody(alice, device) },
      { projectId: 'demo', hostOrigin: 'https://evil.example', ...startBody(alice, device) },
      {
        projectId: 'demo',
        hostOrigin: 'http://localhost:5173',
        email: alice,
        device: { signingKey: 'AAAA', agreementKey: 'AAAA' },
      },
    ]
    for (const body of bodies) {
      const answer = await h.call(START, { body, device })
      expect(answer.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400)
      expect(answer.status, JSON.stringify(body)).toBeLessThan(500)
      expect(errorAnswer.safeParse(await answer.json()).success).toBe(true)
    }
    const codes: unknown[] = [123456, '12345', '1234567', 'abcdef', null, ['123456']]
    const { body } = await begin()
    for (const code of codes) {
      const answer = await h.post(VERIFY, device, { attemptId: body.attemptId, code })
      expect(answer.status).toBe(400)
      expect(await answer.json()).toMatchObject({ code: 'INVALID_REQUEST' })
    }
    const paths = [
      '/auth/v1/device/wait',
      VERIFY,
      '/auth/v1/wallet',
      '/auth/v1/email/change',
      '/auth/v1/sign-out',
    ]
    for (const path of paths) {
      const answer = await h.call(path, { body: '{"projectId":', device })
      expect(answer.status).toBe(400)
    }
    const huge = await h.call(START, { body: 'x'.repeat(17 * 1024), device })
    expect(huge.status).toBe(413)
    const badQuery = await h.call('/auth/v1/device/approve?token=short')
    expect(badQuery.status).toBe(400)
    const badForm = await h.call('/auth/v1/device/approve', { method: 'POST', body: '{"token":1}' })
    expect(badForm.status).toBe(400)
    expect((await h.call('/auth/v1/nothing')).status).toBe(404)
  })
})
