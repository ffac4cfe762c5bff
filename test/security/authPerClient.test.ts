import { describe, expect, it } from 'vitest'
import type { Database } from '../../services/api/db/index.js'
import { FarcasterLoginStore } from '../../services/auth/farcaster/loginStore.js'
import { authLimits } from '../../services/auth/limits.js'
import { RecoveryGuard } from '../../services/auth/recoveryGuard.js'
import { SendThrottle } from '../../services/auth/sendThrottle.js'
import { SocialAttempts } from '../../services/auth/social/socialAttempts.js'
import { eachDatabase } from '../services/api/support/databases.js'
import { authDatabase } from '../services/auth/authDatabase.js'
import { start } from '../services/auth/authHarness.js'

const [sqlite] = eachDatabase()
const open = async () => authDatabase(await (sqlite as NonNullable<typeof sqlite>).open())

/** Two per client, so a budget is spent in a few calls. */
const two = [{ windowMs: 15 * 60_000, max: 2 }]
const device = (i: number) => ({
  id: `device-${i}`,
  signingKey: `signing-${i}`,
  agreementKey: `agreement-${i}`,
})

/** Whether the `i`-th call from `ip` (each for its own user, email and device) fits the client's budget. */
type Budget = (db: Database) => (ip: string, i: number) => Promise<boolean>

const fits = (call: Promise<unknown>) =>
  call.then(
    () => true,
    (error: { code?: string }) => {
      if (error.code !== 'RATE_LIMITED') throw error
      return false
    },
  )

const budgets: Record<string, Budget> = {
  'mails per IP': (db) => {
    const throttle = new SendThrottle(db, { ...authLimits, sendCapsPerIp: two })
    return (ip, i) =>
      fits(throttle.reserve({ email: `user${i}@example.com`, deviceId: `device-${i}`, ip }, start))
  },
  'recovery evaluations per IP': (db) => {
    const guard = new RecoveryGuard(db, { ...authLimits, recoveryEvaluationsPerIp: two })
    return (ip, i) => fits(guard.take(`user-${i}`, ip, start))
  },
  'social logins pending per IP': (db) => {
    const attempts = new SocialAttempts(db, { ...authLimits, socialPendingPerIp: 2 })
    return async (ip, i) =>
      (await attempts.create(
        {
          stateHash: `state-${i}`,
          provider: 'github',
          projectId: 'demo',
          hostOrigin: 'http://localhost:5173',
          returnPath: null,
          device: device(i),
          ip,
          nonce: 'nonce',
          codeVerifier: 'verifier',
        },
        start,
      )) !== undefined
  },
  'Farcaster channels per IP': (db) => {
    const logins = new FarcasterLoginStore(db, { ...authLimits, farcasterChannelsPerIp: 2 })
    return async (ip, i) =>
      (await logins.reserve(
        { nonce: `nonce${i}`, projectId: 'demo', hostOrigin: 'http://localhost:5173', device: device(i), ip },
        start,
      )) === undefined
  },
}

describe('the auth per-IP budgets count an IPv6 client by its /64, as the api does', () => {
  it.each(
    Object.keys(budgets),
  )('%s: addresses of one /64 share one budget; the next /64 has its own', async (name) => {
    const take = (budgets[name] as Budget)(await open())
    expect(await take('2001:db8:0:1::1', 1)).toBe(true)
    expect(await take('2001:db8:0:1:ffff:ffff:ffff:ffff', 2)).toBe(true)
    expect(await take('2001:db8:0:1:abcd::2', 3)).toBe(false)
    expect(await take('2001:db8:0:2::1', 4)).toBe(true)
  })
})
