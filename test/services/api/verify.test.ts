import { createHash } from 'node:crypto'
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { getRequestListener } from '@hono/node-server'
import type { Hono } from 'hono'
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { decodeJwtPayload, type P256PublicJwk, verifyEs256Jwt } from '../../../crypto/index.js'
import { httpVerifyResolver } from '../../../engine/index.js'
import { resolveVerifyContext } from '../../../engine/verify/index.js'
import { originNotAllowed } from '../../../services/api/http/apiError.js'
import type { RouteDeps } from '../../../services/api/http/types.js'
import { type VerifyRouteOptions, verifyRoutes } from '../../../services/api/verify/index.js'
import { appWith, testProject, verifyRouteDeps } from './support/routeHarness.js'
import {
  challengeIn,
  loadVerifyFrame,
  type Requester,
  registerAs,
  registerFromFrame,
} from './support/verifyFrameClient.js'

const dapp = 'https://dapp.example'
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
const clock = { now: Date.now() }
let deps: RouteDeps
let dir: string
const servers: Server[] = []

beforeEach(async () => {
  clock.now = Date.now()
  dir = mkdtempSync(join(tmpdir(), 'verify-'))
  const base = await verifyRouteDeps(clock)
  // The project allows only the dapp's origin, as the api's guard would decide.
  deps = {
    ...base,
    project: async (request) => {
      const project = await base.project(request)
      if (request.header('Origin') !== dapp) throw originNotAllowed()
      return project
    },
  }
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))
afterAll(async () => {
  for (const server of servers) await new Promise((done) => server.close(done))
})

async function listen(app: Hono): Promise<string> {
  const server = createServer(getRequestListener(app.fetch))
  servers.push(server)
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

function verifyApp(options: VerifyRouteOptions = {}): Hono {
  return appWith(verifyRoutes({ ...deps, ...options }))
}

const requester =
  (app: Hono): Requester =>
  (path, init) =>
    Promise.resolve(app.request(path, init))

/**
 * What the verify frame of a dapp page on `origin` does before the page publishes: loads with its
 * challenge, registers the message and gets an attestation.
 */
function register(
  app: Hono,
  origin: string,
  body: { id?: string; decryptedId?: string },
  projectId: string | null = testProject.id,
) {
  return registerAs(requester(app), origin, body, projectId === null ? {} : { projectId })
}

/** A message as the wallet sees it: hashes of its encrypted and decrypted forms. */
function aMessage() {
  const text = `message-${Math.random()}`
  return { id: sha256(`encrypted ${text}`), decryptedId: sha256(text) }
}

/** The wallet's verify context for `message`, claimed by a peer whose metadata url is `claimed`. */
async function contextOf(url: string, message: { id: string; decryptedId: string }, attestation?: string) {
  const context = await resolveVerifyContext({
    resolver: httpVerifyResolver({ url }),
    verifyUrl: url,
    metadata: { name: 'Dapp', description: '', url: `${dapp}/app`, icons: [] },
    attestationId: attestation,
    encryptedId: message.id,
    hash: message.decryptedId,
    onError: (error) => {
      throw error
    },
  })
  return context.verified
}

describe("the verify service, through the engine's resolver", () => {
  it('resolves VALID for a hash the claimed origin registered, and INVALID for one another origin did', async () => {
    const app = verifyApp()
    const url = await listen(app)
    const honest = aMessage()
    expect((await register(app, dapp, honest)).status).toBe(200)
    expect(await contextOf(url, honest)).toEqual({
      verifyUrl: url,
      validation: 'VALID',
      origin: dapp,
      isScam: false,
    })
    const forged = aMessage()
    await register(app, 'https://evil.example', forged)
    expect(await contextOf(url, forged)).toMatchObject({
      validation: 'INVALID',
      origin: 'https://evil.example',
    })
  })

  it('resolves UNKNOWN when nothing is registered for the message (404 JSON)', async () => {
    const app = verifyApp()
    const url = await listen(app)
    const message = aMessage()
    expect(await contextOf(url, message)).toEqual({
      verifyUrl: url,
      validation: 'UNKNOWN',
      origin: `${dapp}/app`,
    })
    const response = await app.request(`/attestation/${message.decryptedId}?v2Supported=true`)
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ code: 'NOT_FOUND', message: 'attestation not found' })
  })

  it('marks a listed scam origin isScam, from the options and from a list file edited while running', async () => {
    const scamListFile = join(dir, 'scams.json')
    writeFileSync(scamListFile, '[]')
    const app = verifyApp({ scamOrigins: ['https://*.scam.example'], scamListFile })
    const url = await listen(app)
    const listed = aMessage()
    await register(app, 'https://drainer.scam.example', listed)
    expect(await contextOf(url, listed)).toMatchObject({ validation: 'INVALID', isScam: true })
    const later = aMessage()
    await register(app, dapp, later)
    expect(await contextOf(url, later)).toMatchObject({ validation: 'VALID', isScam: false })
    writeFileSync(scamListFile, JSON.stringify([dapp]))
    expect(await contextOf(url, later)).toMatchObject({ validation: 'VALID', isScam: true })
  })

  it('marks a listed scam site isScam on any scheme and port, and not a site whose name only ends like it', async () => {
    const app = verifyApp({ scamOrigins: ['https://evil.example', 'https://*.drainer.example'] })
    const url = await listen(app)
    const scamOf = async (origin: string) => {
      const message = aMessage()
      await register(app, origin, message)
      return (await contextOf(url, message)).isScam
    }
    for (const origin of [
      'https://evil.example:8443',
      'http://evil.example',
      'http://claim.drainer.example:8080',
    ])
      expect(await scamOf(origin), origin).toBe(true)
    for (const origin of ['https://notevil.example', 'https://drainer.example', 'https://evil.example.org'])
      expect(await scamOf(origin), origin).toBe(false)
  })

  it('signs an attestation the resolver trusts without a lookup when the origin is allowed for the project', async () => {
    const app = verifyApp()
    const url = await listen(app)
    const message = { id: aMessage().id, decryptedId: aMessage().decryptedId }
    const { attestation } = (await (await register(app, dapp, { id: message.id })).json()) as {
      attestation: string
    }
    expect(decodeJwtPayload(attestation)).toEqual({
      id: message.id,
      origin: dapp,
      isScam: false,
      isVerified: true,
      exp: Math.floor(clock.now / 1000) + 300,
    })
    // Only the JWT was registered, so a VALID answer can only come from it.
    expect(await contextOf(url, message, attestation)).toMatchObject({ validation: 'VALID', origin: dapp })
    expect(await contextOf(url, message)).toMatchObject({ validation: 'UNKNOWN' })
  })

  it('signs isVerified false for an origin the project does not allow, or with no project named', async () => {
    const app = verifyApp()
    const key = (await (await app.request('/v3/public-key')).json()) as { publicKey: P256PublicJwk }
    const claimsOf = async (response: Response) =>
      verifyEs256Jwt(((await response.json()) as { attestation: string }).attestation, key.publicKey)
    expect(await claimsOf(await register(app, 'https://other.example', aMessage()))).toMatchObject({
      origin: 'https://other.example',
      isVerified: false,
    })
    expect(await claimsOf(await register(app, dapp, aMessage(), null))).toMatchObject({
      isVerified: false,
    })
    const unknown = await register(app, dapp, aMessage(), 'nope')
    expect(unknown.status).toBe(401)
    expect(await unknown.json()).toEqual({ code: 'INVALID_KEY', message: 'Unauthorized: invalid key' })
  })
})

describe('the verify routes', () => {
  it('take the origin from the frame’s challenge only, and answer malformed input with 400 JSON', async () => {
    const app = verifyApp()
    const badOrigins = [
      'null',
      `${dapp}/path`,
      'javascript:alert(1)',
      `https://${'a'.repeat(300)}.example`,
      `${dapp} https://evil.example`,
    ]
    for (const origin of badOrigins) {
      const response = await loadVerifyFrame(requester(app), origin, { headers: { referer: '' } })
      expect(response.status, origin).toBe(400)
      expect(await response.json()).toEqual({
        code: 'INVALID_REQUEST',
        message: expect.stringContaining('origin:'),
      })
    }
    const challenge = challengeIn(await (await loadVerifyFrame(requester(app), dapp)).text())
    const bad: [unknown, string][] = [
      [{ challenge, ...aMessage(), origin: 'https://bank.example' }, 'origin'],
      ['{"id": ', 'body: not valid JSON'],
      [{ challenge }, 'give id, decryptedId or both'],
      [{ challenge, id: 'ab' }, 'id: must be 64 hex'],
      [{ challenge, decryptedId: 'g'.repeat(64) }, 'decryptedId: must be 64 hex'],
      [{ challenge: 'short', ...aMessage() }, 'challenge: must be the challenge'],
      [[aMessage()], 'request'],
    ]
    for (const [body, message] of bad) {
      const response = await registerFromFrame(requester(app), body)
      expect(response.status, message).toBe(400)
      expect(await response.json()).toEqual({
        code: 'INVALID_REQUEST',
        message: expect.stringContaining(message),
      })
    }
    for (const hash of ['abc', 'z'.repeat(64), `${'a'.repeat(64)}0`]) {
      const response = await app.request(`/attestation/${hash}`)
      expect(response.status, hash).toBe(400)
      expect(await response.json()).toEqual({
        code: 'INVALID_REQUEST',
        message: expect.stringContaining('hash:'),
      })
    }
  })

  it('serve no frame for a host no page has (`*`, `;`, `,`, quotes), so its frame-ancestors never admits every site', async () => {
    const app = verifyApp()
    const oddHosts = [
      'https://*',
      'http://*',
      'https://*.dapp.example',
      'https://a;b.example',
      'https://a,b.example',
      "https://a'b.example",
    ]
    for (const origin of oddHosts) {
      const response = await loadVerifyFrame(requester(app), origin)
      expect(response.status, origin).toBe(400)
      expect(response.headers.get('content-security-policy'), origin).toBeNull()
    }
    for (const origin of [
      dapp,
      'http://127.0.0.1:5173',
      'http://[::1]:5173',
      'https://xn--bcher-kva.example',
    ]) {
      const response = await loadVerifyFrame(requester(app), origin)
      expect(response.status, origin).toBe(200)
      expect(response.headers.get('content-security-policy')).toContain(`frame-ancestors ${origin};`)
    }
  })

  it('forget registrations after their TTL and past the cap (oldest first), and answer neither origin of a disputed hash', async () => {
    const app = verifyApp({ maxEntries: 3, ttlMs: 60_000 })
    const found = async (hash: string) => (await app.request(`/attestation/${hash}`)).status
    const messages = [aMessage(), aMessage(), aMessage(), aMessage()]
    for (const message of messages) await register(app, dapp, message)
    expect(await Promise.all(messages.map((m) => found(m.decryptedId)))).toEqual([404, 200, 200, 200])
    const disputed = messages[3]?.decryptedId ?? ''
    await register(app, 'https://evil.example', { decryptedId: disputed })
    expect(await found(disputed)).toBe(404)
    clock.now += 60_000
    expect(await found(messages[1]?.decryptedId ?? '')).toBe(404)
  })

  it('publish the key with its expiresAt, cap attestations at it, and rotate only once it has passed', async () => {
    const app = verifyApp({ keyLifetimeSeconds: 120 })
    const published = async () =>
      (await (await app.request('/v3/public-key')).json()) as {
        publicKey: P256PublicJwk
        expiresAt: number
      }
    const first = await published()
    expect(first).toEqual({
      publicKey: { kty: 'EC', crv: 'P-256', x: expect.any(String), y: expect.any(String) },
      expiresAt: Math.floor(clock.now / 1000) + 120,
    })
    clock.now += 100_000
    const late = (await (await register(app, dapp, aMessage())).json()) as { attestation: string }
    expect(await verifyEs256Jwt(late.attestation, first.publicKey)).toMatchObject({ exp: first.expiresAt })
    expect(await published()).toEqual(first)
    clock.now += 20_000
    const second = await published()
    expect(second.publicKey).not.toEqual(first.publicKey)
    expect(second.expiresAt).toBe(Math.floor(clock.now / 1000) + 120)
  })

  it('every process on one database signs with and publishes one key, and one of them rotates it for all', async () => {
    const nodes = [verifyApp({ keyLifetimeSeconds: 120 }), verifyApp({ keyLifetimeSeconds: 120 })]
    const published = async (app: Hono) =>
      (await (await app.request('/v3/public-key')).json()) as { publicKey: P256PublicJwk; expiresAt: number }
    const [first, second] = await Promise.all(nodes.map(published))
    expect(second).toEqual(first)
    // An attestation from one node checks against the key the other publishes.
    const { attestation } = (await (await register(nodes[0] as Hono, dapp, aMessage())).json()) as {
      attestation: string
    }
    expect(
      await verifyEs256Jwt(attestation, (second as { publicKey: P256PublicJwk }).publicKey),
    ).toMatchObject({
      origin: dapp,
    })
    clock.now += 121_000
    const rotated = await Promise.all(nodes.map(published))
    expect(rotated[0]?.publicKey).not.toEqual(first?.publicKey)
    expect(rotated[1]).toEqual(rotated[0])
    const generations = await deps.db.all<{ generation: number }>('SELECT generation FROM verify_keys')
    expect(generations.map(({ generation }) => Number(generation))).toEqual([1, 2])
    // A restarted process reads the current key back.
    expect(await published(verifyApp({ keyLifetimeSeconds: 120 }))).toEqual(rotated[0])
  })

  it('keep the signing key in a 0600 file across restarts and refuse one others can read', async () => {
    const keyFile = join(dir, 'verify-key.json')
    const key = async (app: Hono) =>
      ((await (await app.request('/v3/public-key')).json()) as { publicKey: unknown }).publicKey
    const first = await key(verifyApp({ keyFile }))
    expect(statSync(keyFile).mode & 0o777).toBe(0o600)
    expect(JSON.parse(readFileSync(keyFile, 'utf8'))).toMatchObject({
      kty: 'EC',
      crv: 'P-256',
      d: expect.any(String),
    })
    expect(await key(verifyApp({ keyFile }))).toEqual(first)
    chmodSync(keyFile, 0o644)
    expect(() => verifyApp({ keyFile })).toThrow('other users than its owner may open it; chmod 600 it')
  })

  it('let any page read the key and lookups, and no page but the frame read the frame or a registration', async () => {
    const app = verifyApp()
    const read = await app.request('/v3/public-key', { headers: { Origin: 'https://wallet.example' } })
    expect(read.headers.get('access-control-allow-origin')).toBe('*')
    const frame = await loadVerifyFrame(requester(app), 'https://other.example', {
      headers: { origin: 'https://other.example' },
    })
    expect(frame.headers.get('access-control-allow-origin')).toBeNull()
    const registered = await registerFromFrame(
      requester(app),
      { challenge: challengeIn(await frame.text()), ...aMessage() },
      { headers: { origin: 'https://other.example' } },
    )
    expect(registered.status).toBe(200)
    expect(registered.headers.get('access-control-allow-origin')).toBeNull()
  })
})
