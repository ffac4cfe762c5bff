import { afterEach, describe, expect, it } from 'vitest'
import { authPaths } from '../../services/auth/protocol/index.js'
import { parseTrustedProxies } from '../../services/relay/index.js'
import { eachDatabase } from '../services/api/support/databases.js'
import { type AuthHarness, authHarness, minute, newDevice, startBody } from '../services/auth/authHarness.js'

const [sqlite] = eachDatabase()
const open = () => (sqlite as NonNullable<typeof sqlite>).open()
/** Two mails per client IP in 15 minutes, so a budget is spent in a few requests. */
const limits = { sendCapsPerIp: [{ windowMs: 15 * minute, max: 2 }] }

describe('the auth mail cap counts the client behind a trusted proxy, not the proxy', () => {
  let h: AuthHarness | undefined
  afterEach(() => h?.auth.close())

  let sent = 0
  const startFrom = async (forwardedFor: string) => {
    if (!h) throw new Error('no service')
    const device = await newDevice()
    const email = `user${++sent}@example.com`
    const answer = await h.call(authPaths.emailStart, {
      body: { projectId: 'demo', hostOrigin: 'http://localhost:5173', ...startBody(email, device) },
      device,
      headers: { 'x-forwarded-for': forwardedFor },
    })
    return answer.status
  }

  it('two clients behind the trusted proxy get a mail budget each', async () => {
    h = await authHarness(await open(), limits, { trustProxy: parseTrustedProxies('127.0.0.1/8, ::1') })
    expect([await startFrom('203.0.113.1'), await startFrom('203.0.113.1')]).toEqual([200, 200])
    expect(await startFrom('203.0.113.1')).toBe(429)
    expect([await startFrom('203.0.113.2'), await startFrom('203.0.113.2')]).toEqual([200, 200])
  })

  it('the device-approval mail names the forwarded client, not the proxy', async () => {
    h = await authHarness(await open(), {}, { trustProxy: parseTrustedProxies('127.0.0.1/8, ::1') })
    const phone = await newDevice()
    const { token } = await h.login('alice@example.com', phone)
    expect(token).toBeTruthy()
    h.pass(31_000)
    const laptop = await newDevice()
    const answer = await h.call(authPaths.emailStart, {
      body: {
        projectId: 'demo',
        hostOrigin: 'http://localhost:5173',
        ...startBody('alice@example.com', laptop),
      },
      device: laptop,
      headers: { 'x-forwarded-for': '198.51.100.7' },
    })
    const { attemptId } = (await answer.json()) as { attemptId: string }
    await h.post(authPaths.emailVerify, laptop, { attemptId, code: h.codeFor('alice@example.com') })
    expect(h.lastMail('alice@example.com').text).toContain('(from 198.51.100.7)')
  })

  it('a forged X-Forwarded-For from a peer that is not a trusted proxy changes nothing', async () => {
    h = await authHarness(await open(), limits)
    expect([await startFrom('203.0.113.1'), await startFrom('203.0.113.2')]).toEqual([200, 200])
    expect(await startFrom('203.0.113.3')).toBe(429)
  })
})
