import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { bytesToBase64url } from '../../../crypto/encoding.js'
import type { DeviceKeys } from '../../../services/auth/protocol/index.js'
import {
  deviceWaitAnswer,
  emailChangeAnswer,
  openSealed,
  sessionAnswer,
  walletRecoveryAnswer,
  walletShareAnswer,
} from '../../../services/auth/protocol/index.js'
import { eachDatabase } from '../api/support/databases.js'
import {
  type AuthHarness,
  authHarness,
  hostOrigin,
  minute,
  newDevice,
  second,
  startBody,
} from './authHarness.js'

const alice = 'alice@example.com'
const walletId = '7d2f5a2e-4c1b-4f7e-9b9a-3c2d1e0f9a8b'
const address = '0x1111111111111111111111111111111111111111'
const share = new Uint8Array([9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 11, 12, 13, 14, 15, 16, 17])
const recovery = {
  v: 2,
  oprf: 'ristretto255-SHA512',
  kdf: 'PBKDF2-SHA256',
  iterations: 600_000,
  salt: 'c2FsdHNhbHRzYWx0c2FsdA',
  iv: 'aXZpdml2aXZpdml2',
  ciphertext: 'Y2lwaGVydGV4dGNpcGhlcnRleHQ',
}
/** What the frame derives beside the blob's key (services/frame/custody/recoveryKey.ts); opaque here. */
const recoveryProof = bytesToBase64url(new Uint8Array(32).fill(7))
const hour = 60 * minute

describe.each(eachDatabase())('sessions and wallet shares on $name', ({ open }) => {
  let h: AuthHarness
  let phone: DeviceKeys
  let token: string
  beforeEach(async () => {
    // Two devices a user: a third drops the least recently used.
    h = await authHarness(await open(), { devicesPerUser: 2 })
    phone = await newDevice()
    ;({ token } = await h.login(alice, phone))
  })
  afterEach(() => h.auth.close())

  const createWallet = () =>
    h.post(
      '/auth/v1/wallet',
      phone,
      { walletId, address, authShare: bytesToBase64url(share), recovery, recoveryProof },
      token,
    )
  const shareFor = (device: DeviceKeys, bearer: string, purpose = 'sign') =>
    h.post('/auth/v1/wallet/share', device, { purpose }, bearer)
  const session = (device = phone, bearer = token) =>
    h.call(`/auth/v1/session?projectId=demo&hostOrigin=${encodeURIComponent(hostOrigin)}`, {
      device,
      token: bearer,
    })

  it('stores the wallet once and releases the auth share sealed to this device, opened with its key', async () => {
    const created = await createWallet()
    expect(await created.json()).toEqual({ walletId, address, version: 1 })
    expect((await createWallet()).status).toBe(409)
    const answer = await shareFor(phone, token)
    expect(answer.status).toBe(200)
    const body = walletShareAnswer.parse(await answer.json())
    expect(body).toMatchObject({ walletId, address, version: 1 })
    expect(await openSealed(phone.agreement.privateKey, body.sealed)).toEqual(share)
    const other = await newDevice()
    await expect(openSealed(other.agreement.privateKey, body.sealed)).rejects.toThrow()
    const back = walletRecoveryAnswer.parse(
      await (await h.post('/auth/v1/wallet/recovery', phone, { proof: recoveryProof }, token)).json(),
    )
    expect(back.recovery).toEqual(recovery)
    const wrong = await h.post('/auth/v1/wallet/recovery', phone, { proof: 'A'.repeat(43) }, token)
    expect(wrong.status).toBe(403)
    expect(await wrong.json()).toMatchObject({ code: 'WRONG_PASSPHRASE' })
  })

  it('keeps the auth share at rest encrypted under the KEK, not as the plaintext', async () => {
    await createWallet()
    const row = await h.db.get<Record<string, string | number | null>>('SELECT * FROM auth_wallets')
    const stored = JSON.stringify(row)
    expect(stored).not.toContain(bytesToBase64url(share))
    expect(stored).not.toContain(Buffer.from(share).toString('hex'))
    expect(stored).not.toContain(Buffer.from(share).toString('base64'))
    expect(String(row?.share_ct)).toMatch(/^[A-Za-z0-9_-]+$/)
  })

  it('refuses the share to another device holding the token, without a session, and after sign-out', async () => {
    await createWallet()
    const thief = await newDevice()
    const stolen = await shareFor(thief, token)
    expect(stolen.status).toBe(401)
    expect(await stolen.json()).toMatchObject({ code: 'PROOF_INVALID' })
    const anonymous = await h.post('/auth/v1/wallet/share', phone, { purpose: 'sign' })
    expect(await anonymous.json()).toMatchObject({ code: 'SESSION_EXPIRED' })
    expect((await h.post('/auth/v1/sign-out', phone, {}, token)).status).toBe(204)
    const after = await shareFor(phone, token)
    expect(after.status).toBe(401)
    expect(await after.json()).toMatchObject({ code: 'SESSION_EXPIRED' })
    expect((await session()).status).toBe(401)
  })

  it('export needs a re-authentication within 5 minutes; a fresh code gives it', async () => {
    await createWallet()
    expect((await shareFor(phone, token, 'export')).status).toBe(200)
    h.pass(5 * minute)
    const stale = await shareFor(phone, token, 'export')
    expect(stale.status).toBe(403)
    expect(await stale.json()).toMatchObject({ code: 'REAUTH_REQUIRED' })
    expect((await shareFor(phone, token, 'sign')).status).toBe(200)

    const started = await h.post('/auth/v1/reauth/start', phone, {}, token)
    const { attemptId } = (await started.json()) as { attemptId: string }
    const wrongDevice = await newDevice()
    const foreign = await h.post(
      '/auth/v1/reauth/verify',
      wrongDevice,
      { attemptId, code: h.codeFor(alice) },
      token,
    )
    expect(foreign.status).toBe(401)
    const verified = await h.post(
      '/auth/v1/reauth/verify',
      phone,
      { attemptId, code: h.codeFor(alice) },
      token,
    )
    expect(await verified.json()).toEqual({ freshUntil: h.clock.now + 5 * minute })
    expect((await shareFor(phone, token, 'export')).status).toBe(200)
  })

  it('GET session answers the user and wallet; sessions end after 24 h idle and after 30 days whatever the use', async () => {
    const live = sessionAnswer.parse(await (await session()).json())
    expect(live).toEqual({ user: { id: expect.any(String), email: alice }, wallet: null })
    h.pass(24 * hour - second)
    expect((await session()).status).toBe(200)
    h.pass(24 * hour - second)
    expect((await session()).status).toBe(200)
    h.pass(24 * hour)
    const idle = await session()
    expect(idle.status).toBe(401)
    expect(await idle.json()).toMatchObject({ code: 'SESSION_EXPIRED' })

    h.pass(31 * second)
    ;({ token } = await h.login(alice, phone))
    for (let day = 0; day < 29; day++) {
      h.pass(23 * hour)
      expect((await session()).status).toBe(200)
    }
    h.pass(30 * 24 * hour - 29 * 23 * hour)
    expect((await session()).status).toBe(401)
  })

  it('changes the email with a code to the current address and then one to the new address', async () => {
    // Its own address is refused at once; another account's only at that address's code
    // (test/security/accountEnumeration.test.ts).
    h.pass(31 * second)
    const refused = await h.post('/auth/v1/email/change', phone, { newEmail: alice }, token)
    expect(refused.status).toBe(409)
    expect(await refused.json()).toMatchObject({ code: 'EMAIL_TAKEN' })

    const next = 'alice@new.example'
    const started = await h.post('/auth/v1/email/change', phone, { newEmail: next }, token)
    const { action, changeId } = emailChangeAnswer.parse(await started.json())
    expect(action).toBe('VERIFY_PRIMARY_OTP')
    const primary = h.codeFor(alice)
    expect(() => h.codeFor(next)).toThrow()
    const wrongStep = await h.post(
      '/auth/v1/email/change/secondary',
      phone,
      { changeId, code: primary },
      token,
    )
    expect(await wrongStep.json()).toMatchObject({ code: 'OTP_EXPIRED' })
    const first = await h.post('/auth/v1/email/change/primary', phone, { changeId, code: primary }, token)
    expect(await first.json()).toEqual({})
    const again = await h.post('/auth/v1/email/change/primary', phone, { changeId, code: primary }, token)
    expect(await again.json()).toMatchObject({ code: 'OTP_EXPIRED' })
    const secondary = h.codeFor(next)
    const done = await h.post('/auth/v1/email/change/secondary', phone, { changeId, code: secondary }, token)
    expect(await done.json()).toEqual({ newEmail: next })
    expect(sessionAnswer.parse(await (await session()).json()).user.email).toBe(next)
    expect(h.lastMail(alice).subject).toBe('Demo: your email was changed')
  })

  /** Alice's mailbox logs `device` in: the mailed code, then the link mailed to approve a device new to her. */
  const loginElsewhere = async (device: DeviceKeys) => {
    h.pass(31 * second)
    const started = await h.post('/auth/v1/email/start', device, startBody(alice, device))
    const { attemptId } = (await started.json()) as { attemptId: string }
    await h.post('/auth/v1/email/verify', device, { attemptId, code: h.codeFor(alice) })
    const link = new URL(/^Approve: (\S+)$/m.exec(h.lastMail(alice).text)?.[1] ?? '')
    await fetch(`${h.auth.url}/auth/v1/device/approve`, {
      method: 'POST',
      body: new URLSearchParams({ token: link.searchParams.get('token') ?? '' }),
    })
    const waited = await h.post('/auth/v1/device/wait', device, { attemptId })
    const answer = deviceWaitAnswer.parse(await waited.json())
    if (!answer.approved) throw new Error('the device was not approved')
    return answer.session.token
  }

  it('a confirmed email change logs out every other session of the user and keeps the one that made it', async () => {
    const laptop = await newDevice()
    const elsewhere = await loginElsewhere(laptop)
    const next = 'alice@new.example'
    h.pass(31 * second)
    const started = await h.post('/auth/v1/email/change', phone, { newEmail: next }, token)
    const { changeId } = emailChangeAnswer.parse(await started.json())
    await h.post('/auth/v1/email/change/primary', phone, { changeId, code: h.codeFor(alice) }, token)
    // Asked for but not confirmed at the new address, a change ends nothing.
    expect((await session(laptop, elsewhere)).status).toBe(200)
    const done = await h.post(
      '/auth/v1/email/change/secondary',
      phone,
      { changeId, code: h.codeFor(next) },
      token,
    )
    expect(await done.json()).toEqual({ newEmail: next })

    const ended = await session(laptop, elsewhere)
    expect(ended.status).toBe(401)
    expect(await ended.json()).toMatchObject({ code: 'SESSION_EXPIRED' })
    const kept = await session()
    expect(kept.status).toBe(200)
    expect(sessionAnswer.parse(await kept.json()).user.email).toBe(next)
  })

  it('a device dropped for a newer one past the cap no longer holds the wallet, even once it logs in again', async () => {
    await createWallet()
    await loginElsewhere(await newDevice())
    await loginElsewhere(await newDevice())
    // Past the mail caps of the logins above.
    h.pass(15 * minute)
    const again = await loginElsewhere(phone)

    const refused = await shareFor(phone, again)
    expect(refused.status).toBe(403)
    expect(await refused.json()).toMatchObject({ code: 'RECOVERY_REQUIRED' })
    const holders = await h.db.all<{ device_id: string }>('SELECT device_id FROM auth_wallet_devices')
    expect(holders.map((row) => row.device_id)).not.toContain(phone.deviceId)
  })

  it('a new device of the same user gets no share until it is approved and logged in', async () => {
    await createWallet()
    h.pass(31 * second)
    const laptop = await newDevice()
    const started = await h.post('/auth/v1/email/start', laptop, startBody(alice, laptop))
    const { attemptId } = (await started.json()) as { attemptId: string }
    const verified = await h.post('/auth/v1/email/verify', laptop, { attemptId, code: h.codeFor(alice) })
    expect(await verified.json()).toEqual({ action: 'VERIFY_DEVICE' })
    expect((await shareFor(laptop, token)).status).toBe(401)
  })
})
