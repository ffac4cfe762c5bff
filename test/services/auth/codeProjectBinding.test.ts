import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ProjectStore } from '../../../services/api/projects/index.js'
import type { DeviceKeys } from '../../../services/auth/protocol/index.js'
import { eachDatabase } from '../api/support/databases.js'
import { type AuthHarness, authHarness, hostOrigin, newDevice, second } from './authHarness.js'

const [sqlite] = eachDatabase()
const open = () => (sqlite as NonNullable<typeof sqlite>).open()
const alice = 'alice@example.com'
const other = 'other'

/** POST in project `other`, signed by `device`. */
const inOther = (h: AuthHarness, path: string, device: DeviceKeys, body: object, token: string) =>
  h.call(path, { body: { projectId: other, hostOrigin, ...body }, device, token })

/**
 * A code is mailed for one project ("Your Demo login code"): it answers that project's routes only, even
 * for the same user and device holding a session of another project.
 */
describe("a mailed code is good only in its own project's routes", () => {
  let h: AuthHarness
  let device: DeviceKeys
  let demoToken: string
  let otherToken: string
  beforeEach(async () => {
    h = await authHarness(await open())
    await new ProjectStore(h.db).create({
      id: other,
      name: 'Other',
      allowedOrigins: [hostOrigin],
      features: { email: true },
    })
    device = await newDevice()
    demoToken = (await h.login(alice, device)).token
    h.pass(31 * second)
    const started = await inOther(
      h,
      '/auth/v1/email/start',
      device,
      {
        email: alice,
        device: { signingKey: device.signingKey, agreementKey: device.agreementKey },
      },
      '',
    )
    const { attemptId } = (await started.json()) as { attemptId: string }
    const verified = await inOther(
      h,
      '/auth/v1/email/verify',
      device,
      { attemptId, code: h.codeFor(alice) },
      '',
    )
    otherToken = ((await verified.json()) as { session: { token: string } }).session.token
    // Past the login's own freshness, so only a re-auth could make either session fresh again.
    h.pass(10 * 60 * second)
  })
  afterEach(() => h.auth.close())

  it("a re-auth code of one project does not make another project's session fresh", async () => {
    const started = await h.post('/auth/v1/reauth/start', device, {}, demoToken)
    expect(started.status).toBe(200)
    const { attemptId } = (await started.json()) as { attemptId: string }
    const crossed = await inOther(
      h,
      '/auth/v1/reauth/verify',
      device,
      { attemptId, code: h.codeFor(alice) },
      otherToken,
    )
    expect(crossed.status).toBe(400)
    expect(await crossed.json()).toMatchObject({ code: 'OTP_EXPIRED' })
    // The code is still good where it was mailed for.
    const own = await h.post(
      '/auth/v1/reauth/verify',
      device,
      { attemptId, code: h.codeFor(alice) },
      demoToken,
    )
    expect(own.status).toBe(200)
  })

  it("an email change's code of one project is not taken in another project's routes", async () => {
    const started = await h.post('/auth/v1/email/change', device, { newEmail: 'new@example.com' }, demoToken)
    expect(started.status).toBe(200)
    const { changeId } = (await started.json()) as { changeId: string }
    const crossed = await inOther(
      h,
      '/auth/v1/email/change/primary',
      device,
      { changeId, code: h.codeFor(alice) },
      otherToken,
    )
    expect(crossed.status).toBe(400)
    expect(await crossed.json()).toMatchObject({ code: 'OTP_EXPIRED' })
    const own = await h.post(
      '/auth/v1/email/change/primary',
      device,
      { changeId, code: h.codeFor(alice) },
      demoToken,
    )
    expect(own.status).toBe(200)
  })
})
