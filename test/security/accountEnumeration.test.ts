import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { DeviceKeys } from '../../services/auth/protocol/index.js'
import { eachDatabase } from '../services/api/support/databases.js'
import {
  type AuthHarness,
  authHarness,
  minute,
  newDevice,
  second,
  startBody,
} from '../services/auth/authHarness.js'

const START = '/auth/v1/email/start'
const VERIFY = '/auth/v1/email/verify'
const WAIT = '/auth/v1/device/wait'
const CHANGE = '/auth/v1/email/change'
const PRIMARY = '/auth/v1/email/change/primary'
const SECONDARY = '/auth/v1/email/change/secondary'
const alice = 'alice@example.com'
const bob = 'bob@example.com'
const nobody = 'nobody@example.com'

type Answer = { status: number; body: Record<string, unknown> }
const read = async (response: Response): Promise<Answer> => ({
  status: response.status,
  body: (await response.json()) as Record<string, unknown>,
})
/** What a prober sees of an answer: the status, the body's keys, and any field that is not a random id. */
const shape = ({ status, body }: Answer) => ({
  status,
  keys: Object.keys(body).sort(),
  action: body.action,
  code: body.code,
})

const [sqlite] = eachDatabase()

describe('account enumeration: a registered email answers as an unknown one', () => {
  let h: AuthHarness
  let phone: DeviceKeys
  beforeEach(async () => {
    h = await authHarness(await (sqlite as NonNullable<typeof sqlite>).open())
    phone = await newDevice()
    await h.login(alice, phone)
    await h.login(bob, await newDevice())
    h.pass(31 * second)
  })
  afterEach(() => h.auth.close())

  const start = async (email: string, device: DeviceKeys) =>
    read(await h.post(START, device, startBody(email, device)))
  const mailsTo = (email: string) => h.mailer.mails.filter((mail) => mail.to === email)

  it('email/start from a new device: same status, same body shape and one code mail, registered or not', async () => {
    const known = await start(alice, await newDevice())
    const unknown = await start(nobody, await newDevice())
    expect(shape(known)).toEqual(shape(unknown))
    expect(known.body.action).toBe('VERIFY_OTP')
    const [toKnown, toUnknown] = [mailsTo(alice).at(-1), mailsTo(nobody).at(-1)]
    expect(toKnown?.subject).toBe(toUnknown?.subject)
    expect(toKnown?.text.replace(/\d{6}/, '')).toBe(toUnknown?.text.replace(/\d{6}/, ''))
  })

  it('the registered email is asked to approve the new device only after its mailed code', async () => {
    const laptop = await newDevice()
    const started = await start(alice, laptop)
    const verified = await read(
      await h.post(VERIFY, laptop, { attemptId: started.body.attemptId, code: h.codeFor(alice) }),
    )
    expect(verified).toEqual({ status: 200, body: { action: 'VERIFY_DEVICE' } })
    const link = /^Approve: (\S+)$/m.exec(h.lastMail(alice).text)?.[1] ?? ''
    const token = new URL(link).searchParams.get('token') ?? ''
    const wait = () => h.post(WAIT, laptop, { attemptId: started.body.attemptId })
    expect(await (await wait()).json()).toEqual({ approved: false })
    await fetch(`${h.auth.url}/auth/v1/device/approve`, {
      method: 'POST',
      body: new URLSearchParams({ token }),
    })
    const approved = await read(await wait())
    expect(approved.status).toBe(200)
    expect(approved.body).toMatchObject({ approved: true, user: { email: alice } })
    expect((await wait()).status).toBe(400)
  })

  describe('email/change', () => {
    const change = async (newEmail: string) =>
      read(await h.post(CHANGE, phone, { newEmail }, (await tokenOf()).token))
    let session: { token: string } | undefined
    const tokenOf = async () => {
      session ??= await h.login(alice, phone)
      return session
    }
    beforeEach(async () => {
      session = undefined
      await tokenOf()
      h.pass(31 * second)
    })

    it('a taken address answers as a free one before any code: same status, shape and mail to the current address', async () => {
      const sent = mailsTo(alice).length
      const taken = await change(bob)
      h.pass(31 * second)
      const free = await change(nobody)
      expect(shape(taken)).toEqual(shape(free))
      expect(taken).toMatchObject({ status: 200, body: { action: 'VERIFY_PRIMARY_OTP' } })
      expect(mailsTo(alice)).toHaveLength(sent + 2)
    })

    it('probing addresses is held by the mail throttle before anything is said about them', async () => {
      await change(nobody)
      h.pass(second)
      const taken = await change(bob)
      const free = await change('someone@example.com')
      expect(taken.status).toBe(429)
      expect(shape(taken)).toEqual(shape(free))
    })

    it('"taken" is told only after both codes: the current address’s, then the new address’s', async () => {
      const started = await change(bob)
      const changeId = started.body.changeId
      const token = (await tokenOf()).token
      const primary = await read(await h.post(PRIMARY, phone, { changeId, code: h.codeFor(alice) }, token))
      expect(primary).toEqual({ status: 200, body: {} })
      const secondary = await read(await h.post(SECONDARY, phone, { changeId, code: h.codeFor(bob) }, token))
      expect(secondary).toMatchObject({ status: 409, body: { code: 'EMAIL_TAKEN' } })
      h.pass(15 * minute)
    })
  })
})
