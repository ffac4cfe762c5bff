import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { DeviceKeys } from '../../../services/auth/protocol/index.js'
import { burst, passed } from '../api/support/burst.js'
import { eachDatabase } from '../api/support/databases.js'
import { type AuthHarness, authHarness, minute, newDevice, second, startBody } from './authHarness.js'

const START = '/auth/v1/email/start'
const victim = 'victim@example.com'

describe.each(eachDatabase())('the mail throttle on $name', ({ name, open }) => {
  let h: AuthHarness
  afterEach(() => h.auth.close())

  /** Every mail takes a while to send, as over SMTP: requests overlap while theirs goes out. */
  const slowMails = () => {
    const send = h.mailer.send
    h.mailer.send = async (mail) => {
      await sleep(50)
      return send(mail)
    }
  }
  const startFor = async (email: string, device: DeviceKeys) =>
    (await h.post(START, device, startBody(email, device))).status
  const mailsTo = (email: string) => h.mailer.mails.filter((mail) => mail.to === email)

  it('simultaneous email/start for one address mail it once; the others are told to try again', async () => {
    h = await authHarness(await open())
    slowMails()
    const devices = await Promise.all(Array.from({ length: 20 }, () => newDevice()))
    const statuses = passed(
      await burst(h.db, devices.length, (i) => startFor(victim, devices[i] as DeviceKeys)),
    )
    expect(statuses.filter((status) => status === 200)).toHaveLength(1)
    expect(statuses.filter((status) => status === 429)).toHaveLength(19)
    expect(mailsTo(victim)).toHaveLength(1)
  })

  it('simultaneous starts for many addresses from one IP stop at its cap', async () => {
    h = await authHarness(await open(), { sendCapsPerIp: [{ windowMs: 15 * minute, max: 3 }] })
    slowMails()
    const devices = await Promise.all(Array.from({ length: 10 }, () => newDevice()))
    await burst(h.db, devices.length, (i) => startFor(`user${i}@example.com`, devices[i] as DeviceKeys))
    expect(h.mailer.mails).toHaveLength(3)
  })

  it('a mail the mailer could not send gives its place back: the device may ask again at once', async () => {
    h = await authHarness(await open())
    const device = await newDevice()
    h.mailer.failing = true
    expect(await startFor(victim, device)).toBe(503)
    h.mailer.failing = false
    expect(await startFor(victim, device)).toBe(200)
    expect(mailsTo(victim)).toHaveLength(1)
  })

  it('a mail the mailer could not send still counts against its client’s cap, so refused recipients are not tried without end', async () => {
    h = await authHarness(await open(), { sendCapsPerIp: [{ windowMs: 15 * minute, max: 3 }] })
    h.mailer.failing = true
    const statuses = []
    for (let i = 0; i < 4; i++) statuses.push(await startFor(`user${i}@example.com`, await newDevice()))
    expect(statuses).toEqual([503, 503, 503, 429])
  })

  it('a code the mailer could not send leaves no attempt behind', async () => {
    h = await authHarness(await open())
    h.mailer.failing = true
    expect(await startFor(victim, await newDevice())).toBe(503)
    const attempts = await h.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM auth_attempts')
    expect(Number(attempts?.n)).toBe(0)
  })

  /**
   * Mails to the addresses `to` takes wait for `release` and then fail, as a mail server that hangs and then
   * refuses them; the others go. `count` is how many have reached the mailer.
   */
  const holdMailsTo = (to: (email: string) => boolean) => {
    const send = h.mailer.send
    const held = { count: 0, release: (): void => undefined }
    const released = new Promise<void>((resolve) => {
      held.release = () => resolve()
    })
    h.mailer.send = async (mail) => {
      if (!to(mail.to)) return send(mail)
      held.count++
      await released
      throw new Error('smtp down')
    }
    return held
  }

  /**
   * Alice, logged in on a phone, starts changing her address to `newEmail`; `primary` sends the code her
   * current address got, `secondary` the given one, `restart` starts another change from the phone.
   */
  const changeTo = async (newEmail: string) => {
    const phone = await newDevice()
    const { token } = await h.login('alice@example.com', phone)
    h.pass(31 * second)
    const restart = (email: string) => h.post('/auth/v1/email/change', phone, { newEmail: email }, token)
    const started = await restart(newEmail)
    const { changeId } = (await started.json()) as { changeId: string }
    const code = h.codeFor('alice@example.com')
    return {
      primary: () => h.post('/auth/v1/email/change/primary', phone, { changeId, code }, token),
      secondary: (secondary: string) =>
        h.post('/auth/v1/email/change/secondary', phone, { changeId, code: secondary }, token),
      restart,
    }
  }

  it("the new address's code of an email change keeps that address's throttle", async () => {
    h = await authHarness(await open())
    const change = await changeTo(victim)
    // Someone else has the victim's address mailed in the meantime.
    expect(await startFor(victim, await newDevice())).toBe(200)
    const primary = await change.primary()
    expect(primary.status).toBe(429)
    expect(await primary.json()).toMatchObject({ code: 'RATE_LIMITED' })
    expect(mailsTo(victim)).toHaveLength(1)
  })

  it("a refused mail to the new address leaves the current address's code good after the wait", async () => {
    h = await authHarness(await open())
    const change = await changeTo(victim)
    expect(await startFor(victim, await newDevice())).toBe(200)
    expect((await change.primary()).status).toBe(429)
    h.pass(31 * second)
    expect(await (await change.primary()).json()).toEqual({})
    expect(mailsTo(victim)).toHaveLength(2)
    const done = await change.secondary(h.codeFor(victim))
    expect(await done.json()).toEqual({ newEmail: victim })
  })

  /**
   * Until the returned undo, the database refuses to store the new address's code of an email change and,
   * with `release`, to give a mail's reservation back: a database failing.
   */
  const refuseNewAddressCodes = async ({ release = false } = {}) => {
    const sqlite = [
      `CREATE TRIGGER refuse_new_address BEFORE INSERT ON auth_attempts WHEN NEW.kind = 'change-secondary'
       BEGIN SELECT RAISE(ABORT, 'disk full'); END`,
      ...(release
        ? [
            `CREATE TRIGGER refuse_release BEFORE DELETE ON auth_sends BEGIN SELECT RAISE(ABORT, 'disk full'); END`,
          ]
        : []),
    ]
    const postgres = [
      `CREATE FUNCTION refuse() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$ LANGUAGE plpgsql`,
      `CREATE TRIGGER refuse_new_address BEFORE INSERT ON auth_attempts FOR EACH ROW
       WHEN (NEW.kind = 'change-secondary') EXECUTE FUNCTION refuse()`,
      ...(release
        ? ['CREATE TRIGGER refuse_release BEFORE DELETE ON auth_sends FOR EACH ROW EXECUTE FUNCTION refuse()']
        : []),
    ]
    for (const statement of name === 'sqlite' ? sqlite : postgres) await h.db.run(statement)
    return async () => {
      const on = (table: string) => (name === 'sqlite' ? '' : ` ON ${table}`)
      await h.db.run(`DROP TRIGGER refuse_new_address${on('auth_attempts')}`)
      if (release) await h.db.run(`DROP TRIGGER refuse_release${on('auth_sends')}`)
    }
  }

  it("a new address's code the database could not store gives the current address's code back for a retry", async () => {
    h = await authHarness(await open())
    const change = await changeTo(victim)
    const undo = await refuseNewAddressCodes()
    expect((await change.primary()).status).toBe(500)
    await undo()
    expect(await (await change.primary()).json()).toEqual({})
    const done = await change.secondary(h.codeFor(victim))
    expect(await done.json()).toEqual({ newEmail: victim })
  })

  it("the current address's code is given back even when the reservation of the failed step cannot be", async () => {
    h = await authHarness(await open())
    const change = await changeTo(victim)
    const undo = await refuseNewAddressCodes({ release: true })
    expect((await change.primary()).status).toBe(500)
    await undo()
    h.pass(31 * second)
    expect(await (await change.primary()).json()).toEqual({})
  })

  it("a mail to the new address the mailer could not send gives the current address's code back for a retry", async () => {
    h = await authHarness(await open())
    const change = await changeTo(victim)
    h.mailer.failing = true
    const failed = await change.primary()
    expect(failed.status).toBe(503)
    expect(await failed.json()).toEqual({
      code: 'UNAVAILABLE',
      message: 'Service Unavailable: the mail could not be sent',
    })
    h.mailer.failing = false
    expect(await (await change.primary()).json()).toEqual({})
    const done = await change.secondary(h.codeFor(victim))
    expect(await done.json()).toEqual({ newEmail: victim })
  })

  it("the current address's code is not given back once a newer email change ended its attempt", async () => {
    h = await authHarness(await open())
    const change = await changeTo(victim)
    const held = holdMailsTo((email) => email === victim)
    const primary = change.primary()
    await vi.waitFor(() => expect(held.count).toBe(1))
    h.pass(31 * second)
    expect((await change.restart('alice@other.example')).status).toBe(200)
    held.release()
    expect((await primary).status).toBe(503)
    const live = await h.db.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM auth_attempts WHERE kind = 'change-primary' AND used_at IS NULL",
    )
    expect(Number(live?.n)).toBe(1)
  })

  it('simultaneous primary steps with the one code mail the new address once, with no resend gap', async () => {
    h = await authHarness(await open(), { resendIntervalMs: 0 })
    slowMails()
    const change = await changeTo(victim)
    const statuses = passed(await burst(h.db, 10, async () => (await change.primary()).status))
    expect(statuses.filter((status) => status === 200)).toHaveLength(1)
    expect(mailsTo(victim)).toHaveLength(1)
  })

  it('past the bound of mails on their way, a new code is refused as an unsent one and leaves nothing behind', async () => {
    h = await authHarness(await open(), { mailsInFlight: 2 })
    const held = holdMailsTo((email) => email.startsWith('held'))
    const waiting = [
      startFor('held1@example.com', await newDevice()),
      startFor('held2@example.com', await newDevice()),
    ]
    await vi.waitFor(() => expect(held.count).toBe(2))
    const device = await newDevice()
    const refused = await h.post(START, device, startBody(victim, device))
    expect(refused.status).toBe(503)
    expect(await refused.json()).toEqual({
      code: 'UNAVAILABLE',
      message: 'Service Unavailable: the mail could not be sent',
    })
    expect(mailsTo(victim)).toHaveLength(0)
    const attempts = await h.db.get<{ n: number }>(
      'SELECT COUNT(*) AS n FROM auth_attempts WHERE email = ?',
      [victim],
    )
    expect(Number(attempts?.n)).toBe(0)
    held.release()
    expect(await Promise.all(waiting)).toEqual([503, 503])
    // Its address and device keep no resend gap, as for a mail the mailer could not send.
    expect(await startFor(victim, device)).toBe(200)
  })
})
