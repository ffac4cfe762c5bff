import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ProjectStore } from '../../services/api/projects/index.js'
import type { DeviceKeys } from '../../services/auth/protocol/index.js'
import { sessionPerProject } from '../../services/frame/app/projectStorage.js'
import { DeviceVault } from '../../services/frame/custody/index.js'
import {
  alice as aliceAccount,
  cookieOf,
  type Harness,
  siwxHarness,
} from '../services/api/siwx/siwxHarness.js'
import { eachDatabase } from '../services/api/support/databases.js'
import { type AuthHarness, authHarness, hostOrigin, newDevice, second } from '../services/auth/authHarness.js'
import { CloningStore } from '../services/frame/custody/support/cloningStore.js'

const [sqlite] = eachDatabase()
const open = () => (sqlite as NonNullable<typeof sqlite>).open()
const alice = 'alice@example.com'
const session = (projectId?: string) =>
  `/auth/v1/session${projectId ? `?${new URLSearchParams({ projectId, hostOrigin })}` : ''}`

describe('auth sessions belong to the project that made them', () => {
  let h: AuthHarness
  let device: DeviceKeys
  let token: string
  beforeEach(async () => {
    h = await authHarness(await open())
    await new ProjectStore(h.db).create({
      id: 'other',
      name: 'Other',
      allowedOrigins: [hostOrigin],
      features: { email: true },
    })
    device = await newDevice()
    token = (await h.login(alice, device)).token
    h.pass(second)
  })
  afterEach(() => h.auth.close())

  it("GET session answers the user only to the session's own project", async () => {
    const own = await h.call(session('demo'), { device, token })
    expect(own.status).toBe(200)
    expect(await own.json()).toMatchObject({ user: { email: alice } })
    const other = await h.call(session('other'), { device, token })
    expect(other.status).toBe(401)
    expect(JSON.stringify(await other.json())).not.toContain(alice)
  })

  it('GET session without a project scope is a 400, never the user', async () => {
    const unscoped = await h.call(session(), { device, token })
    expect(unscoped.status).toBe(400)
    expect(JSON.stringify(await unscoped.json())).not.toContain(alice)
  })
})

describe("the frame's storage keeps each project's session apart", () => {
  it("another project's frame on this browser finds no session; the device stays one device", async () => {
    const browser = new CloningStore()
    const demo = new DeviceVault(sessionPerProject(browser, 'demo'))
    const other = new DeviceVault(sessionPerProject(browser, 'other'))
    await demo.saveSession('t'.repeat(43), Date.now() + 60_000)
    expect(await other.session()).toBeUndefined()
    expect((await demo.session())?.token).toBe('t'.repeat(43))
    expect((await other.deviceKeys()).deviceId).toBe((await demo.deviceKeys()).deviceId)
    await other.clearSession()
    expect(await demo.session()).toBeDefined()
  })
})

describe('a SIWX sign-out ends the sign-ins of its own project only', () => {
  let h: Harness
  beforeEach(async () => {
    h = await siwxHarness(await open())
    await new ProjectStore(h.db).create({
      id: 'other',
      name: 'Other',
      allowedOrigins: ['http://localhost:5173'],
      rateLimitPerMinute: 100_000,
    })
  })

  const signInOther = async (cookie: string) => {
    const nonce = await h.call('/siwx/nonce?projectId=other', { method: 'POST' })
    const { nonce: value } = (await nonce.json()) as { nonce: string }
    const signed = await h.signed(aliceAccount, { nonce: value })
    return h.call('/siwx/sessions?projectId=other', { method: 'POST', body: signed, headers: { cookie } })
  }

  it("signing out through one project leaves the holder's sign-ins in another project", async () => {
    const cookie = cookieOf(await h.post(await h.signed(aliceAccount)))
    expect((await signInOther(cookie)).status).toBe(201)
    const out = await h.call('/siwx/sign-out?projectId=other', { method: 'POST', headers: { cookie } })
    expect(out.status).toBe(204)
    expect((await h.call('/siwx/me?projectId=other', { headers: { cookie } })).status).toBe(401)
    expect((await h.call('/siwx/me?projectId=demo', { headers: { cookie } })).status).toBe(200)
    expect(out.headers.get('set-cookie')).toBeNull()
    const last = await h.call('/siwx/sign-out?projectId=demo', { method: 'POST', headers: { cookie } })
    expect(last.headers.get('set-cookie') ?? '').toContain('Max-Age=0')
    expect(Number((await h.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM siwx_holders'))?.n)).toBe(0)
  })
})
