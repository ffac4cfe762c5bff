import { afterEach, describe, expect, it } from 'vitest'
import { emailChangeAnswer } from '../../../services/auth/protocol/index.js'
import { eachDatabase } from '../api/support/databases.js'
import { type AuthHarness, authHarness, hostOrigin, newDevice, second } from './authHarness.js'

const [sqlite] = eachDatabase()
const open = () => (sqlite as NonNullable<typeof sqlite>).open()
const alice = 'alice@example.com'
const mallory = 'mallory@evil.example'

/**
 * A host page can start an email change and hand the frame a code it asked the user for (UPDATE_EMAIL,
 * UPDATE_EMAIL_PRIMARY_OTP): the mail with that code is the user's only word on what typing it does.
 */
describe('a code mail tells its mailbox what the code does', () => {
  const harnesses: AuthHarness[] = []
  afterEach(() => Promise.all(harnesses.splice(0).map((h) => h.auth.close())))

  /** Alice logged in on her phone, past the gap before another code may be mailed to her. */
  async function aliceLoggedIn() {
    const h = await authHarness(await open())
    harnesses.push(h)
    const phone = await newDevice()
    const { token } = await h.login(alice, phone)
    h.pass(31 * second)
    return { h, phone, token }
  }

  it("the current address's code for an email change names the change and the address it moves to, not a sign-in", async () => {
    const { h, phone, token } = await aliceLoggedIn()
    const started = await h.post('/auth/v1/email/change', phone, { newEmail: mallory }, token)
    const { changeId } = emailChangeAnswer.parse(await started.json())
    const mail = h.lastMail(alice)
    expect(mail.subject).toBe('Your Demo code to change your email')
    expect(mail.text).toContain(
      `You asked to change the email of your Demo account to ${mallory} on ${hostOrigin}`,
    )
    expect(mail.text).not.toContain('sign in')

    const primary = { changeId, code: h.codeFor(alice) }
    expect((await h.post('/auth/v1/email/change/primary', phone, primary, token)).status).toBe(200)
    const secondary = h.lastMail(mallory)
    expect(secondary.subject).toBe('Your Demo code to confirm your new email')
    expect(secondary.text).toContain('You asked to make this address the email of your Demo account')
    expect(secondary.text).not.toContain('sign in')
  })

  it('a re-auth code says it confirms the user, not a sign-in, in its subject and text; a login code says sign in', async () => {
    const { h, phone, token } = await aliceLoggedIn()
    expect(h.lastMail(alice).subject).toBe('Your Demo login code')
    expect(h.lastMail(alice).text).toContain(`You asked to sign in to Demo on ${hostOrigin}.`)
    expect((await h.post('/auth/v1/reauth/start', phone, {}, token)).status).toBe(200)
    const mail = h.lastMail(alice)
    expect(mail.subject).toBe('Your Demo code to confirm it is you')
    expect(mail.text).toContain('You asked to confirm it is you in Demo')
    expect(mail.text).not.toContain('sign in')
  })
})
