import { randomBytes } from 'node:crypto'
import { expect } from 'vitest'
import { silentLogger } from '../../../common/index.js'
import type { Database } from '../../../services/api/db/index.js'
import { migrate } from '../../../services/api/db/index.js'
import { ProjectStore, projectMigrations } from '../../../services/api/projects/index.js'
import {
  type AuthLimits,
  type RunningAuth,
  type StartAuthOptions,
  startAuth,
} from '../../../services/auth/index.js'
import { createDeviceKeys, type DeviceKeys, proofHeaders } from '../../../services/auth/protocol/index.js'
import type { Mail, Mailer } from '../../../services/mail/mailer.js'

export const hostOrigin = 'http://localhost:5173'
export const projectId = 'demo'
export const start = Date.UTC(2026, 0, 10, 12)
export const second = 1000
export const minute = 60 * second

/** A Mailer that keeps every mail, for tests to read codes and links from. */
export function memoryMailer(): Mailer & { mails: Mail[]; failing: boolean } {
  const mailer = {
    mails: [] as Mail[],
    failing: false,
    async send(mail: Mail) {
      if (mailer.failing) throw new Error('smtp down')
      mailer.mails.push(mail)
    },
  }
  return mailer
}

export type CallInit = {
  method?: string
  /** An object is sent as JSON; a string as is. */
  body?: unknown
  /** Signs the request with this device at the clock's time (or `proofAt`). */
  device?: DeviceKeys
  proofAt?: number
  token?: string
  headers?: Record<string, string>
}

export type AuthHarness = {
  auth: RunningAuth
  db: Database
  clock: { now: number }
  mailer: ReturnType<typeof memoryMailer>
  kek: Uint8Array
  call(path: string, init?: CallInit): Promise<Response>
  /** POST with the project's scope added to `body`, signed by `device`. */
  post(path: string, device: DeviceKeys, body?: Record<string, unknown>, token?: string): Promise<Response>
  /** The last mail to `to`. */
  lastMail(to: string): Mail
  /** The code in the last mail to `to`. */
  codeFor(to: string): string
  /** email/start then email/verify with the mailed code: the session token and the answer. */
  login(email: string, device: DeviceKeys): Promise<{ token: string; body: Record<string, unknown> }>
  /** Moves the clock past the resend throttle. */
  pass(ms: number): void
}

/**
 * The auth service on `db` (a fresh database), one project `demo` (email on) allowing http://localhost:5173,
 * a set clock; `options` sets the service's trusted proxies, public URL, Redis or more routes (the frame).
 */
export async function authHarness(
  db: Database,
  limits: Partial<AuthLimits> = {},
  options: Pick<
    StartAuthOptions,
    'trustProxy' | 'publicUrl' | 'redisUrl' | 'socialProviders' | 'farcaster' | 'routes'
  > & {
    port?: number
  } = {},
): Promise<AuthHarness> {
  const clock = { now: start }
  await migrate(db, [projectMigrations])
  await new ProjectStore(db).create({
    id: projectId,
    name: 'Demo',
    allowedOrigins: [hostOrigin],
    features: { email: true },
  })
  const mailer = memoryMailer()
  const kek = new Uint8Array(randomBytes(32))
  const auth = await startAuth({
    db,
    mailer,
    kek,
    now: () => clock.now,
    limits,
    logger: silentLogger,
    ...options,
    port: options.port ?? 0,
  })

  const call: AuthHarness['call'] = async (path, init = {}) => {
    const method = init.method ?? (init.body === undefined ? 'GET' : 'POST')
    const body =
      init.body === undefined ? '' : typeof init.body === 'string' ? init.body : JSON.stringify(init.body)
    const headers: Record<string, string> = { 'content-type': 'application/json', ...init.headers }
    if (init.device) {
      const signed = await proofHeaders(init.device, {
        method,
        path: path.split('?')[0] ?? path,
        body,
        now: init.proofAt ?? clock.now,
      })
      Object.assign(headers, signed)
    }
    if (init.token) headers.authorization = `Bearer ${init.token}`
    return fetch(`${auth.url}${path}`, { method, headers, ...(method === 'GET' ? {} : { body }) })
  }
  const post: AuthHarness['post'] = (path, device, body = {}, token) =>
    call(path, { body: { projectId, hostOrigin, ...body }, device, ...(token ? { token } : {}) })
  const lastMail = (to: string) => {
    const mail = mailer.mails.filter((each) => each.to === to).at(-1)
    if (!mail) throw new Error(`no mail to ${to}`)
    return mail
  }
  const codeFor = (to: string) => {
    const code = /^Your code: (\d{6})$/m.exec(lastMail(to).text)?.[1]
    if (!code) throw new Error(`no code in the last mail to ${to}`)
    return code
  }
  const login: AuthHarness['login'] = async (email, device) => {
    const started = await post('/auth/v1/email/start', device, {
      email,
      device: { signingKey: device.signingKey, agreementKey: device.agreementKey },
    })
    const { attemptId } = (await started.json()) as { attemptId: string }
    const verified = await post('/auth/v1/email/verify', device, { attemptId, code: codeFor(email) })
    const body = (await verified.json()) as Record<string, unknown> & { session: { token: string } }
    if (verified.status !== 200) throw new Error(`login: ${verified.status} ${JSON.stringify(body)}`)
    return { token: body.session.token, body }
  }
  return {
    auth,
    db,
    clock,
    mailer,
    kek,
    call,
    post,
    lastMail,
    codeFor,
    login,
    pass: (ms) => {
      clock.now += ms
    },
  }
}

export const newDevice = createDeviceKeys

/** The email/start body for `device`. */
export const startBody = (email: string, device: DeviceKeys) => ({
  email,
  device: { signingKey: device.signingKey, agreementKey: device.agreementKey },
})

/** Auth's 429 'try again after' answer: a `retry-after` header, and the same seconds in its JSON body. */
export async function expectTryAgainAfter(response: Response): Promise<void> {
  expect(response.status).toBe(429)
  const retryAfter = Number(response.headers.get('retry-after'))
  expect(retryAfter).toBeGreaterThan(0)
  expect(await response.json()).toEqual({
    code: 'RATE_LIMITED',
    message: `Please try again after ${retryAfter} seconds`,
    retryAfter,
  })
}

/**
 * Four email/starts from one address (203.0.113.7, behind the trusted proxy), each signed by a key the server
 * never saw: no account, no code needed. Then one from another address. Their statuses, and the other's answer.
 */
export async function strangerFlood(h: AuthHarness): Promise<{ flood: number[]; other: Response }> {
  const start = async (email: string, from: string) => {
    const device = await newDevice()
    return h.call('/auth/v1/email/start', {
      body: { projectId, hostOrigin, ...startBody(email, device) },
      device,
      headers: { 'x-forwarded-for': from },
    })
  }
  const flood = []
  for (let index = 0; index < 4; index++)
    flood.push((await start(`s${index}@example.com`, '203.0.113.7')).status)
  return { flood, other: await start('alice@example.com', '198.51.100.9') }
}
