import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { Agent } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authPaths } from '../../services/auth/protocol/index.js'
import { EMBEDDED_PROJECT_ID } from '../../services/stack/demoProject.js'
import { type RunningStack, stackConfig, startStack } from '../../services/stack/index.js'
import { RawRelayClient, randomTopic, testIdentity, withAuth } from '../services/relay/support/rawClient.js'
import { wsFactory } from '../services/relay/support/wsHarness.js'
import { freeStackPorts } from '../support/ports.js'
import {
  type FuzzAnswer,
  type FuzzRoute,
  fuzzRequest,
  leaksInternals,
  seededRandom,
  sendRequest,
} from './support/fuzzRequests.js'
import { type Answer, describeAnswer, exchange, frame, upgradeRequest } from './support/rawExchange.js'

/**
 * Acceptance 1 of issue 11: malformed HTTP and WebSocket requests, sent with raw sockets, against every
 * server `npm start` runs — the relay, the demo page, the auth service with the secure frame, the mail
 * inbox, the Farcaster relay with its test client page, and the chain (Anvil, third-party: its answers are
 * recorded here as they are). After each, the server must still answer a valid request. Then, route by
 * route, broken requests to every auth, frame, inbox and Farcaster relay route (issue 13; the relay's and
 * auth's Farcaster routes, issue 35) and a seeded fuzz across them: 4xx with `{ code, message }`, never a 5xx.
 */

type Server = 'relay' | 'demo' | 'auth' | 'mail' | 'farcaster' | 'chain'
/** What a row must get: an HTTP status in 400–499 or exactly, a close code from the list, or the socket closed. */
type Expected = { status: '4xx' | number } | { close: number[] } | { closed: true }

/** A request each server answers with 200; HTTP rows break one part of it, so a 4xx is the row's doing. */
type Base = { method: string; target: string; headers: string[]; body: string }
const bases: Record<Server, Base> = {
  relay: { method: 'GET', target: '/health', headers: [], body: '' },
  demo: { method: 'GET', target: '/', headers: [], body: '' },
  auth: { method: 'GET', target: `/frame?projectId=${EMBEDDED_PROJECT_ID}&version=1`, headers: [], body: '' },
  mail: { method: 'GET', target: '/health', headers: [], body: '' },
  farcaster: { method: 'GET', target: '/health', headers: [], body: '' },
  chain: {
    method: 'POST',
    target: '/',
    headers: ['Content-Type: application/json'],
    body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}',
  },
}

/** `base` with some parts replaced; Host and Content-Length are written unless `raw` headers say otherwise. */
function request(base: Base, change: Partial<Base> & { host?: boolean; length?: boolean } = {}): string {
  const { method, target, headers, body } = { ...base, ...change }
  const lines = [
    ...(change.host === false ? [] : ['Host: 127.0.0.1']),
    ...headers,
    ...(change.length === false || body === '' ? [] : [`Content-Length: ${Buffer.byteLength(body)}`]),
  ]
  return `${method} ${target} HTTP/1.1\r\n${lines.map((line) => `${line}\r\n`).join('')}\r\n${body}`
}

type Row = {
  name: string
  bytes: (base: Base, port: number) => Buffer | string
  /** Sent as frames on a socket upgraded first. */
  websocket?: boolean
  /** Half-closes after sending (a truncated frame that will never be completed). */
  end?: boolean
  on: Server[]
  expect: Expected
  /** Where a server answers otherwise; each says why. */
  except?: Partial<Record<Server, Expected>>
}

const text = (value: string) => Buffer.from(value)
const all: Server[] = ['relay', 'demo', 'auth', 'mail', 'farcaster', 'chain']
const websockets: Server[] = ['relay', 'chain']
const bad = { status: '4xx' } as const
const protocolError = { close: [1002] }
// The demo, auth, mail and Farcaster servers serve no WebSocket: like any server without one they may ignore
// Upgrade (RFC 9110 §7.8) and answer `GET /` (the demo and inbox pages; auth and the Farcaster relay have
// none); they never switch protocols.
const ignoresUpgrade = {
  demo: { status: 200 },
  mail: { status: 200 },
  auth: { status: 404 },
  farcaster: { status: 404 },
}
// Anvil (third-party; tungstenite) fails a WebSocket on a protocol error by dropping the TCP connection
// without the close frame RFC 6455 §7.1.7 says it SHOULD send. It keeps serving, which is what we need.
const anvilDropsSocket = { chain: { closed: true } } as const
const headerFilling16KiB = Array.from({ length: 1000 }, (_, i) => `X-Filler-${i}: ${'f'.repeat(20)}`)

const rows: Row[] = [
  // Control rows: the unbroken requests are answered normally, so the rows below test what they break.
  { name: 'control: the valid request', bytes: (base) => request(base), on: all, expect: { status: 200 } },
  {
    name: 'control: a valid upgrade',
    bytes: (_base, port) => upgradeRequest(port),
    on: all,
    expect: { status: 101 },
    except: ignoresUpgrade,
  },
  { name: 'target //[', bytes: (base) => request(base, { target: '//[' }), on: all, expect: bad },
  {
    name: 'target http://[::',
    bytes: (base) => request(base, { target: 'http://[::' }),
    on: all,
    expect: bad,
  },
  {
    name: 'target /%E0%A4%A (broken escape)',
    bytes: (base) => request(base, { target: '/%E0%A4%A' }),
    on: all,
    expect: bad,
  },
  { name: 'target /%zz', bytes: (base) => request(base, { target: '/%zz' }), on: all, expect: bad },
  {
    name: 'target /%C0%AF (overlong UTF-8)',
    bytes: (base) => request(base, { target: '/%C0%AF' }),
    on: all,
    expect: bad,
  },
  {
    name: 'target of 10,000 characters',
    bytes: (base) => request(base, { target: `/${'a'.repeat(10_000)}` }),
    on: all,
    expect: bad,
  },
  {
    name: 'target of 100,000 characters',
    bytes: (base) => request(base, { target: `/${'a'.repeat(100_000)}` }),
    on: all,
    expect: bad,
  },
  {
    name: 'NUL in the target',
    bytes: (base) => request(base, { target: '/a\u0000b' }),
    on: all,
    expect: bad,
  },
  {
    name: 'control character in the target',
    bytes: (base) => request(base, { target: '/a\u0001b' }),
    on: all,
    expect: bad,
  },
  {
    name: 'control character in a header value',
    bytes: (base) => request(base, { headers: [...base.headers, 'X-Test: a\u0001b'] }),
    on: all,
    expect: bad,
  },
  {
    name: 'one header of 17 KiB',
    bytes: (base) => request(base, { headers: [...base.headers, `X-Big: ${'b'.repeat(17 * 1024)}`] }),
    on: all,
    expect: bad,
    // Anvil's limit is hyper's read buffer (about 400 KB), not 16 KiB: it serves this one (see the next row).
    except: { chain: { status: 200 } },
  },
  {
    name: 'one header of 1 MiB',
    bytes: (base) => request(base, { headers: [...base.headers, `X-Big: ${'b'.repeat(1024 * 1024)}`] }),
    on: all,
    expect: bad,
  },
  {
    name: '1,000 headers, 30 KB in all',
    bytes: (base) => request(base, { headers: [...base.headers, ...headerFilling16KiB] }),
    on: all,
    expect: bad,
  },
  {
    name: 'no Host header',
    bytes: (base) => request(base, { host: false }),
    on: all,
    expect: bad,
    // Anvil misbehaves here: RFC 9112 §3.2 says an HTTP/1.1 request without Host MUST get a 400; it serves it.
    except: { chain: { status: 200 } },
  },
  {
    name: 'Content-Length not a number',
    bytes: (base) =>
      request(base, { method: 'POST', headers: [...base.headers, 'Content-Length: abc'], length: false }),
    on: all,
    expect: bad,
  },
  {
    name: 'Content-Length and Transfer-Encoding together (smuggling)',
    bytes: (base) =>
      request(base, {
        method: 'POST',
        headers: [...base.headers, 'Content-Length: 4', 'Transfer-Encoding: chunked'],
        body: '0\r\n\r\n',
        length: false,
      }),
    on: all,
    expect: bad,
    // hyper lets Transfer-Encoding win, as RFC 9112 §6.3 allows, and reads the empty chunked body.
    except: { chain: { status: 200 } },
  },
  {
    name: 'non-HTTP bytes (a TLS ClientHello)',
    bytes: () => Buffer.from('16030100a5010000a10303', 'hex'),
    on: all,
    expect: bad,
  },
  { name: 'non-HTTP text', bytes: () => 'HELLO THERE\r\n\r\n', on: all, expect: bad },
  {
    name: 'upgrade to a bad target //[',
    bytes: (_base, port) => upgradeRequest(port).replace('GET / ', 'GET //[ '),
    on: all,
    expect: bad,
  },
  {
    name: 'upgrade without Sec-WebSocket-Key',
    bytes: (_base, port) => upgradeRequest(port, { 'Sec-WebSocket-Key': undefined }),
    on: all,
    expect: bad,
    except: ignoresUpgrade,
  },
  {
    name: 'upgrade with an invalid Sec-WebSocket-Key',
    bytes: (_base, port) => upgradeRequest(port, { 'Sec-WebSocket-Key': 'not-a-16-byte-key' }),
    on: all,
    expect: bad,
    // Anvil accepts any key (RFC 6455 §4.2.1 wants 16 base64 bytes); harmless, recorded as it is.
    except: { ...ignoresUpgrade, chain: { status: 101 } },
  },
  {
    name: 'upgrade with Sec-WebSocket-Version 12',
    bytes: (_base, port) => upgradeRequest(port, { 'Sec-WebSocket-Version': '12' }),
    on: all,
    expect: bad,
    except: ignoresUpgrade,
  },
  {
    name: 'upgrade to h2c (not websocket)',
    bytes: (_base, port) => upgradeRequest(port, { Upgrade: 'h2c' }),
    on: all,
    expect: bad,
    except: ignoresUpgrade,
  },
  {
    name: 'upgrade with POST',
    bytes: (_base, port) => upgradeRequest(port).replace('GET / ', 'POST / '),
    on: all,
    expect: bad,
    // Anvil ignores the Upgrade of a POST and answers it as an (empty) JSON-RPC request.
    except: { chain: { status: 200 } },
  },
  {
    name: 'upgrade with an invalid Sec-WebSocket-Protocol',
    bytes: (_base, port) => upgradeRequest(port, { 'Sec-WebSocket-Protocol': 'a b,,"c"' }),
    on: all,
    expect: bad,
    // Anvil offers no subprotocol and ignores the header.
    except: { ...ignoresUpgrade, chain: { status: 101 } },
  },
  {
    name: 'frame truncated in its payload, then the end',
    bytes: () => frame(0x1, text('{"id":1,"jsonrpc":"2.0"}')).subarray(0, 10),
    websocket: true,
    end: true,
    on: websockets,
    expect: { closed: true },
  },
  {
    name: 'frame truncated in its header, then the end',
    bytes: () => Buffer.from([0x81]),
    websocket: true,
    end: true,
    on: websockets,
    expect: { closed: true },
  },
  {
    name: 'frame declaring 2^64 - 1 bytes',
    bytes: () => frame(0x1, text('x'), { declared: 2n ** 64n - 1n }),
    websocket: true,
    on: websockets,
    expect: { close: [1009] },
    except: anvilDropsSocket,
  },
  {
    name: 'frame declaring 1 TiB',
    bytes: () => frame(0x1, text('x'), { declared: 2n ** 40n }),
    websocket: true,
    on: websockets,
    expect: { close: [1009] },
    except: anvilDropsSocket,
  },
  {
    name: 'unmasked client frame',
    bytes: () => frame(0x1, text('{}'), { masked: false }),
    websocket: true,
    on: websockets,
    expect: protocolError,
    except: anvilDropsSocket,
  },
  {
    name: 'reserved bit RSV1 without an extension',
    bytes: () => frame(0x1, text('{}'), { rsv1: true }),
    websocket: true,
    on: websockets,
    expect: protocolError,
    except: anvilDropsSocket,
  },
  {
    name: 'reserved opcode 0x3',
    bytes: () => frame(0x3, text('{}')),
    websocket: true,
    on: websockets,
    expect: protocolError,
    except: anvilDropsSocket,
  },
  {
    name: 'text frame that is not UTF-8',
    bytes: () => frame(0x1, Buffer.from([0xc3, 0x28, 0xff])),
    websocket: true,
    on: websockets,
    expect: { close: [1007] },
    except: anvilDropsSocket,
  },
  {
    name: 'fragmented ping',
    bytes: () => frame(0x9, text('p'), { fin: false }),
    websocket: true,
    on: websockets,
    expect: protocolError,
    except: anvilDropsSocket,
  },
  {
    name: 'close frame with the invalid code 999',
    bytes: () => frame(0x8, Buffer.from([0x03, 0xe7])),
    websocket: true,
    on: websockets,
    expect: protocolError,
    except: anvilDropsSocket,
  },
  {
    name: 'continuation frame with nothing to continue',
    bytes: () => frame(0x0, text('{}')),
    websocket: true,
    on: websockets,
    expect: protocolError,
    except: anvilDropsSocket,
  },
]

function satisfies(answer: Answer, expected: Expected): boolean {
  if ('closed' in expected) return answer.kind === 'closed' || answer.kind === 'close'
  if ('close' in expected) return answer.kind === 'close' && expected.close.includes(answer.code ?? -1)
  if (answer.kind !== 'status') return false
  return expected.status === '4xx'
    ? answer.status >= 400 && answer.status < 500
    : answer.status === expected.status
}

let stack: RunningStack
let dataDir: string
const ports = {} as Record<Server, number>

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'pairwise-malformed-'))
  const config = stackConfig(
    {},
    {
      dataDir,
      stackFile: join(dataDir, 'stack.json'),
      ports: await freeStackPorts(),
    },
  )
  stack = await startStack(config)
  Object.assign(ports, config.ports, { auth: config.ports.frame })
}, 60_000)

afterAll(async () => {
  await stack?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

const witness = { dapp: testIdentity(), wallet: testIdentity() }

/** The server still answers a request that is valid, end to end. */
const stillServes: Record<Server, () => Promise<void>> = {
  async relay() {
    const health = await fetch(`http://127.0.0.1:${ports.relay}/health`, {
      signal: AbortSignal.timeout(3000),
    })
    expect(health.status).toBe(200)
    expect(((await health.json()) as { status: string }).status).toBe('ok')
    const url = stack.relay.url
    const dapp = await RawRelayClient.open(wsFactory, withAuth(url, witness.dapp.token(url)))
    const wallet = await RawRelayClient.open(wsFactory, withAuth(url, witness.wallet.token(url)))
    const topic = randomTopic()
    await wallet.call('irn_subscribe', { topic })
    await dapp.call('irn_publish', { topic, message: 'aGVsbG8=', ttl: 300, tag: 1108 })
    const [push] = await wallet.waitForPushes(1)
    expect(push?.params.data.message).toBe('aGVsbG8=')
    await Promise.all([dapp.close(), wallet.close()])
  },
  async demo() {
    const page = await fetch(`http://127.0.0.1:${ports.demo}/`, { signal: AbortSignal.timeout(3000) })
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('pairwise-demo-config')
  },
  async auth() {
    const page = await fetch(`http://127.0.0.1:${ports.auth}${bases.auth.target}`, {
      signal: AbortSignal.timeout(3000),
    })
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('pairwise-frame-config')
    const start = await fetch(`http://127.0.0.1:${ports.auth}/auth/v1/email/start`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      signal: AbortSignal.timeout(3000),
    })
    expect(start.status).toBe(400)
    expect(await start.json()).toMatchObject({ code: 'INVALID_REQUEST' })
  },
  async mail() {
    const health = await fetch(`http://127.0.0.1:${ports.mail}/health`, { signal: AbortSignal.timeout(3000) })
    expect(health.status).toBe(200)
    const list = await fetch(`http://127.0.0.1:${ports.mail}/api/v1/messages`, {
      signal: AbortSignal.timeout(3000),
    })
    expect(((await list.json()) as { messages: unknown[] }).messages).toBeInstanceOf(Array)
  },
  async farcaster() {
    const health = await fetch(`http://127.0.0.1:${ports.farcaster}/health`, {
      signal: AbortSignal.timeout(3000),
    })
    expect(health.status).toBe(200)
    const channel = await fetch(`http://127.0.0.1:${ports.farcaster}/v1/channel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ siweUri: 'https://example.test/', domain: 'example.test' }),
      signal: AbortSignal.timeout(3000),
    })
    // Opened, or (once this client holds its cap of live channels) refused for now: either way it serves.
    expect([201, 429]).toContain(channel.status)
  },
  async chain() {
    const answer = await fetch(`http://127.0.0.1:${ports.chain}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(3000),
    })
    expect(((await answer.json()) as { result: string }).result).toBe('0x7a69')
  },
}

describe.each(all)('malformed requests against the %s server', (server) => {
  const cases = rows.filter((row) => row.on.includes(server))
  it.each(cases.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    const answer = await exchange(ports[server], row.bytes(bases[server], ports[server]), {
      ...(row.websocket ? { websocket: true } : {}),
      ...(row.end ? { end: true } : {}),
    })
    const expected = row.except?.[server] ?? row.expect
    expect(satisfies(answer, expected), `${server} answered ${describeAnswer(answer)}`).toBe(true)
    await stillServes[server]()
  })
})

describe('a slow request (headers never finished)', () => {
  // The project's servers give up on unfinished headers after 10 s (createSafeServer's headersTimeout).
  const boundMs = 10_000 + 2_500
  it('does not hold up other requests, and our servers answer it with 408 within the header timeout', async () => {
    const started = Date.now()
    const slow = all.map((server) =>
      exchange(ports[server], 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ', { timeoutMs: boundMs }).then(
        (answer) => ({ server, answer, ms: Date.now() - started }),
      ),
    )
    for (const server of all) await stillServes[server]()
    const outcomes = await Promise.all(slow)
    const byServer = Object.fromEntries(outcomes.map((o) => [o.server, o]))
    for (const server of ['relay', 'demo', 'auth', 'mail', 'farcaster'] as const) {
      const outcome = byServer[server]
      expect(outcome?.answer, `${server}: ${outcome && describeAnswer(outcome.answer)}`).toMatchObject({
        kind: 'status',
        status: 408,
      })
      expect(outcome?.ms).toBeLessThan(boundMs)
    }
    // Anvil misbehaves here: it has no header timeout (a socket like this one was still open after 75 s when
    // measured), so slow requests could tie up its connections. It listens on loopback only, for development.
    expect(byServer.chain?.answer.kind, describeAnswer(byServer.chain?.answer ?? { kind: 'silent' })).toBe(
      'silent',
    )
    for (const server of all) await stillServes[server]()
  }, 30_000)
})

/** One broken request to one route, sent as written (no path normalisation) with Node's HTTP client. */
type RouteRow = {
  name: string
  method: string
  path: string
  headers?: Record<string, string>
  body?: string | Buffer
  /** The approval link's page answers a browser in HTML, its refusals too. */
  html?: true
  /** Not an error by the route's contract: answered normally (200), recorded here as it is. */
  tolerated?: true
}

const json = { 'content-type': 'application/json' }
const form = { 'content-type': 'application/x-www-form-urlencoded' }
const origin = 'http://127.0.0.1:5173'
const projectId = EMBEDDED_PROJECT_ID
const token43 = 'A'.repeat(43)
const bearerRoutes = [
  authPaths.session,
  authPaths.signOut,
  authPaths.wallet,
  authPaths.walletShare,
  authPaths.walletRecovery,
  authPaths.reauthStart,
  authPaths.reauthVerify,
  authPaths.emailChange,
  authPaths.emailChangePrimary,
  authPaths.emailChangeSecondary,
]
const postRoutes = [
  authPaths.emailStart,
  authPaths.emailVerify,
  authPaths.deviceWait,
  authPaths.farcasterStart,
  authPaths.farcasterConnect,
  ...bearerRoutes.filter((path) => path !== authPaths.session),
]

/** Each POST route with broken JSON of every kind; each signed route without, and with a forged, proof. */
const authRows: RouteRow[] = [
  ...postRoutes.flatMap((path): RouteRow[] => [
    { name: `${path}: not JSON`, method: 'POST', path, headers: json, body: '{"projectId":' },
    { name: `${path}: a JSON array`, method: 'POST', path, headers: json, body: '[]' },
    { name: `${path}: an empty object`, method: 'POST', path, headers: json, body: '{}' },
    {
      name: `${path}: fields of the wrong types`,
      method: 'POST',
      path,
      headers: json,
      body: JSON.stringify({ projectId: 1, hostOrigin: ['x'], email: {}, attemptId: null, code: 123456 }),
    },
    {
      name: `${path}: an unknown field`,
      method: 'POST',
      path,
      headers: json,
      body: JSON.stringify({ projectId, hostOrigin: origin, __proto__x: 1 }),
    },
    {
      name: `${path}: a body over the cap`,
      method: 'POST',
      path,
      headers: json,
      body: JSON.stringify({ projectId, pad: 'x'.repeat(64 * 1024) }),
    },
    { name: `${path}: GET`, method: 'GET', path },
  ]),
  ...bearerRoutes.flatMap((path): RouteRow[] => {
    const method = path === authPaths.session ? 'GET' : 'POST'
    const body = method === 'GET' ? undefined : JSON.stringify({ projectId, hostOrigin: origin })
    return [
      { name: `${path}: no session, no proof`, method, path, headers: json, body },
      {
        name: `${path}: a forged bearer and proof`,
        method,
        path,
        headers: {
          ...json,
          authorization: `Bearer ${token43}`,
          'x-pairwise-device': 'not-a-device',
          'x-pairwise-proof': `${Date.now()}.${'A'.repeat(86)}`,
        },
        body,
      },
      {
        name: `${path}: a proof that is not one`,
        method,
        path,
        headers: { ...json, 'x-pairwise-device': '\u00ff'.repeat(3), 'x-pairwise-proof': 'x.y.z' },
        body,
      },
    ]
  }),
  {
    name: 'start: an email that is not one, and a device key that is not base64url',
    method: 'POST',
    path: authPaths.emailStart,
    headers: json,
    body: JSON.stringify({
      projectId,
      hostOrigin: origin,
      email: 'not an email',
      device: { signingKey: '!!', agreementKey: '??' },
    }),
  },
  {
    name: 'start: a host origin the project does not allow',
    method: 'POST',
    path: authPaths.emailStart,
    headers: json,
    body: JSON.stringify({
      projectId,
      hostOrigin: 'https://evil.example',
      email: 'a@example.com',
      device: { signingKey: 'AAAA', agreementKey: 'AAAA' },
    }),
  },
  {
    name: 'verify: a code of 7 digits for an unknown attempt',
    method: 'POST',
    path: authPaths.emailVerify,
    headers: json,
    body: JSON.stringify({ projectId, hostOrigin: origin, attemptId: 'A'.repeat(22), code: '1234567' }),
  },
  { name: 'approve page: no token', method: 'GET', path: authPaths.deviceApprove, html: true },
  {
    name: 'approve page: a short token',
    method: 'GET',
    path: `${authPaths.deviceApprove}?token=abc`,
    html: true,
  },
  {
    name: 'approve page: an unknown token',
    method: 'GET',
    path: `${authPaths.deviceApprove}?token=${token43}`,
    html: true,
  },
  {
    name: 'approve page: two tokens',
    method: 'GET',
    path: `${authPaths.deviceApprove}?token=${token43}&token=${token43}`,
    html: true,
  },
  {
    name: 'approve form: no token',
    method: 'POST',
    path: authPaths.deviceApprove,
    headers: form,
    body: '',
    html: true,
  },
  {
    name: 'approve form: an unknown token',
    method: 'POST',
    path: authPaths.deviceApprove,
    headers: form,
    body: `token=${token43}`,
    html: true,
  },
  {
    name: 'approve form: a JSON body',
    method: 'POST',
    path: authPaths.deviceApprove,
    headers: json,
    body: JSON.stringify({ token: token43 }),
    html: true,
  },
  {
    name: 'approve form: a multipart body that never ends',
    method: 'POST',
    path: authPaths.deviceApprove,
    headers: { 'content-type': 'multipart/form-data; boundary=x' },
    body: '--x\r\nContent-Disposition: form-data; name="token"\r\n\r\nabc',
    html: true,
  },
  { name: 'frame: no query', method: 'GET', path: '/frame' },
  { name: 'frame: no version', method: 'GET', path: `/frame?projectId=${projectId}` },
  {
    name: "frame: any version string (the host SDK's, only shown) is served",
    method: 'GET',
    path: `/frame?projectId=${projectId}&version=x`,
    tolerated: true,
  },
  { name: 'frame: an unknown query key', method: 'GET', path: `/frame?projectId=${projectId}&version=1&x=1` },
  {
    name: 'frame: an rpcUrl that is not a URL',
    method: 'GET',
    path: `/frame?projectId=${projectId}&version=1&rpcUrl=x`,
  },
  { name: 'frame: an unknown project', method: 'GET', path: '/frame?projectId=nope&version=1' },
  {
    name: 'frame: the demo project (no email login)',
    method: 'GET',
    path: '/frame?projectId=pairwise-demo&version=1',
  },
  {
    name: 'frame: a project id of 10,000 characters',
    method: 'GET',
    path: `/frame?projectId=${'a'.repeat(10_000)}&version=1`,
  },
  {
    name: 'frame: an unknown chain id is served with the first chain preferred',
    method: 'GET',
    path: `/frame?projectId=${projectId}&version=1&chainId=eip155:%00`,
    tolerated: true,
  },
  {
    name: 'frame: enableLogger that is not a boolean',
    method: 'GET',
    path: `/frame?projectId=${projectId}&version=1&enableLogger=%3Cscript%3E`,
  },
  {
    name: 'frame: the project id twice (the first counts)',
    method: 'GET',
    path: `/frame?projectId=${projectId}&projectId=x&version=1`,
    tolerated: true,
  },
  {
    name: 'frame: POST',
    method: 'POST',
    path: `/frame?projectId=${projectId}&version=1`,
    headers: json,
    body: '{}',
  },
  ...[
    '../index.html',
    '..%2Findex.html',
    '%2e%2e%2f%2e%2e%2fpackage.json',
    '..%5c..%5cpackage.json',
    'index.html',
    '.hidden.js',
    'x.js%00.css',
    '....%2F%2Fx.js',
    `${'a'.repeat(5000)}.js`,
    'missing.js',
  ].map(
    (file): RouteRow => ({
      name: `frame asset ${file.slice(0, 40)}`,
      method: 'GET',
      path: `/frame/assets/${file}`,
    }),
  ),
  {
    name: 'frame asset: a dot segment past the folder',
    method: 'GET',
    path: '/frame/assets/../../package.json',
  },
  {
    name: 'frame asset: a nested path',
    method: 'GET',
    path: '/frame/assets/a/../../../services/auth/app.ts',
  },
]

const mailRows: RouteRow[] = [
  ...['-1', 'abc', '1e3', '0x10', '%00'].flatMap((value): RouteRow[] => [
    { name: `messages: limit=${value}`, method: 'GET', path: `/api/v1/messages?limit=${value}` },
    { name: `messages: start=${value}`, method: 'GET', path: `/api/v1/messages?start=${value}` },
  ]),
  { name: 'messages: limit=100000 (over the cap)', method: 'GET', path: '/api/v1/messages?limit=100000' },
  {
    name: 'messages: a start past the end is an empty page, as in Mailpit',
    method: 'GET',
    path: '/api/v1/messages?start=100000',
    tolerated: true,
  },
  { name: 'messages: POST', method: 'POST', path: '/api/v1/messages', headers: json, body: '{}' },
  { name: 'message: an id that is not one', method: 'GET', path: '/api/v1/message/not-an-id' },
  { name: 'message: a NUL id', method: 'GET', path: '/api/v1/message/%00' },
  { name: 'message: a traversal id', method: 'GET', path: '/api/v1/message/..%2F..%2Fetc%2Fpasswd' },
  { name: 'message: an unknown id', method: 'GET', path: `/api/v1/message/${randomUUID()}` },
  {
    name: 'message: an id of 10,000 characters',
    method: 'GET',
    path: `/api/v1/message/${'a'.repeat(10_000)}`,
  },
  { name: 'message: DELETE', method: 'DELETE', path: `/api/v1/message/${randomUUID()}` },
  { name: 'delete: not JSON', method: 'DELETE', path: '/api/v1/messages', headers: json, body: '{"IDs":' },
  {
    name: 'delete: IDs not a list',
    method: 'DELETE',
    path: '/api/v1/messages',
    headers: json,
    body: '{"IDs":"x"}',
  },
  {
    name: 'delete: IDs not ids',
    method: 'DELETE',
    path: '/api/v1/messages',
    headers: json,
    body: '{"IDs":[1,null]}',
  },
  {
    name: 'delete: an unknown field',
    method: 'DELETE',
    path: '/api/v1/messages',
    headers: json,
    body: '{"IDs":[],"all":true}',
  },
  {
    name: 'delete: more IDs than the cap',
    method: 'DELETE',
    path: '/api/v1/messages',
    headers: json,
    body: JSON.stringify({ IDs: Array.from({ length: 1001 }, () => randomUUID()) }),
  },
  {
    name: 'delete: a body over the cap',
    method: 'DELETE',
    path: '/api/v1/messages',
    headers: json,
    body: JSON.stringify({ IDs: [], pad: 'x'.repeat(70 * 1024) }),
  },
]

const relayKeyHeader = 'x-farcaster-auth-relay-key'
const channelBody = JSON.stringify({ siweUri: 'https://example.test/', domain: 'example.test' })
const authenticateBody = JSON.stringify({ message: 'x', signature: '0x00', fid: 1, username: 'a' })

/** The Farcaster relay's channel API and its test client page, each broken every way a client could. */
const farcasterRows: RouteRow[] = [
  { name: 'channel: not JSON', method: 'POST', path: '/v1/channel', headers: json, body: '{"siweUri":' },
  { name: 'channel: a JSON array', method: 'POST', path: '/v1/channel', headers: json, body: '[]' },
  { name: 'channel: an empty object', method: 'POST', path: '/v1/channel', headers: json, body: '{}' },
  {
    name: 'channel: a siweUri that is not a URL and a domain with a space',
    method: 'POST',
    path: '/v1/channel',
    headers: json,
    body: JSON.stringify({ siweUri: 'x', domain: 'a b' }),
  },
  {
    name: 'channel: a nonce that is not one',
    method: 'POST',
    path: '/v1/channel',
    headers: json,
    body: JSON.stringify({ siweUri: 'https://example.test/', domain: 'example.test', nonce: 'no!' }),
  },
  {
    name: 'channel: an unknown field',
    method: 'POST',
    path: '/v1/channel',
    headers: json,
    body: JSON.stringify({ siweUri: 'https://example.test/', domain: 'example.test', x: 1 }),
  },
  {
    name: 'channel: a body over the cap',
    method: 'POST',
    path: '/v1/channel',
    headers: json,
    body: JSON.stringify({ siweUri: 'https://example.test/', pad: 'x'.repeat(64 * 1024) }),
  },
  { name: 'channel: GET', method: 'GET', path: '/v1/channel' },
  { name: 'status: no token', method: 'GET', path: '/v1/channel/status' },
  {
    name: 'status: a token that is not one',
    method: 'GET',
    path: '/v1/channel/status',
    headers: { authorization: 'Bearer x.y.z' },
  },
  {
    name: 'status: an unknown token',
    method: 'GET',
    path: '/v1/channel/status',
    headers: { authorization: `Bearer ${token43}` },
  },
  { name: 'status: POST', method: 'POST', path: '/v1/channel/status', headers: json, body: channelBody },
  {
    name: 'authenticate: no relay key',
    method: 'POST',
    path: '/v1/channel/authenticate',
    headers: { ...json, authorization: `Bearer ${token43}` },
    body: authenticateBody,
  },
  {
    name: 'authenticate: a wrong relay key',
    method: 'POST',
    path: '/v1/channel/authenticate',
    headers: { ...json, authorization: `Bearer ${token43}`, [relayKeyHeader]: 'x'.repeat(32) },
    body: authenticateBody,
  },
  {
    name: 'authenticate: a relay key of 10,000 characters',
    method: 'POST',
    path: '/v1/channel/authenticate',
    headers: { ...json, authorization: `Bearer ${token43}`, [relayKeyHeader]: 'x'.repeat(10_000) },
    body: authenticateBody,
  },
  { name: 'authenticate: GET', method: 'GET', path: '/v1/channel/authenticate' },
  { name: 'client page: a uri that is not a link', method: 'GET', path: '/client?uri=javascript:alert(1)' },
  { name: 'client page: an unknown query key', method: 'GET', path: '/client?x=1' },
  {
    name: 'client page: a uri of 10,000 characters',
    method: 'GET',
    path: `/client?uri=https://a.test/${'a'.repeat(10_000)}`,
  },
  {
    name: 'client approve: no form',
    method: 'POST',
    path: '/client/approve',
    headers: form,
    body: '',
  },
  {
    name: 'client approve: a signer that is not one',
    method: 'POST',
    path: '/client/approve',
    headers: form,
    body: `uri=${encodeURIComponent(`farcaster://connect?channelToken=${token43}`)}&signer=nobody`,
  },
  {
    name: 'client approve: a link without a channel',
    method: 'POST',
    path: '/client/approve',
    headers: form,
    body: `uri=${encodeURIComponent('farcaster://connect?x=1')}&signer=custody`,
  },
  {
    name: 'client approve: a JSON body',
    method: 'POST',
    path: '/client/approve',
    headers: json,
    body: JSON.stringify({ uri: 'farcaster://connect', signer: 'custody' }),
  },
  {
    name: 'client approve: a multipart body that never ends',
    method: 'POST',
    path: '/client/approve',
    headers: { 'content-type': 'multipart/form-data; boundary=x' },
    body: '--x\r\nContent-Disposition: form-data; name="uri"\r\n\r\nabc',
  },
  {
    name: 'client approve: a body over the cap',
    method: 'POST',
    path: '/client/approve',
    headers: form,
    body: `uri=${'a'.repeat(64 * 1024)}`,
  },
  { name: 'client approve: GET', method: 'GET', path: '/client/approve' },
]

/** Every route of the three servers, for the seeded fuzz (its query keys are the ones the route reads). */
const fuzzRoutes: Record<'auth' | 'mail' | 'farcaster', FuzzRoute[]> = {
  auth: [
    ...postRoutes.map((path) => ({ method: 'POST', path, queryKeys: [] })),
    { method: 'GET', path: authPaths.session, queryKeys: [] },
    { method: 'GET', path: authPaths.deviceApprove, queryKeys: ['token'] },
    { method: 'POST', path: authPaths.deviceApprove, queryKeys: ['token'] },
    {
      method: 'GET',
      path: '/frame',
      queryKeys: ['projectId', 'version', 'chainId', 'enableLogger', 'rpcUrl'],
    },
    { method: 'GET', path: '/frame/assets/index.js', queryKeys: [] },
  ],
  mail: [
    { method: 'GET', path: '/api/v1/messages', queryKeys: ['limit', 'start'] },
    { method: 'GET', path: `/api/v1/message/${randomUUID()}`, queryKeys: [] },
    { method: 'DELETE', path: '/api/v1/messages', queryKeys: [] },
    { method: 'GET', path: '/health', queryKeys: [] },
    { method: 'GET', path: '/', queryKeys: [] },
  ],
  farcaster: [
    { method: 'POST', path: '/v1/channel', queryKeys: [] },
    { method: 'GET', path: '/v1/channel/status', queryKeys: [] },
    { method: 'POST', path: '/v1/channel/authenticate', queryKeys: [] },
    { method: 'GET', path: '/client', queryKeys: ['uri'] },
    { method: 'POST', path: '/client/approve', queryKeys: [] },
    { method: 'GET', path: '/health', queryKeys: [] },
  ],
}

/** A 4xx the client can read: JSON `{ code, message }`, or (the approval link) an HTML page. */
function readableRefusal(row: RouteRow, answer: FuzzAnswer): string | undefined {
  if (row.tolerated) return answer.status === 200 ? undefined : `answered ${answer.status}`
  if (answer.status < 400 || answer.status >= 500) return `answered ${answer.status}`
  if (leaksInternals.test(answer.body)) return 'shows internals'
  if (row.html && answer.contentType.startsWith('text/html')) return undefined
  if (!answer.contentType.startsWith('application/json')) return `answered ${answer.contentType || 'no type'}`
  const body = JSON.parse(answer.body) as { code?: unknown; message?: unknown }
  return typeof body.code === 'string' && typeof body.message === 'string' ? undefined : 'no code and message'
}

describe.each([
  ['auth', authRows],
  ['mail', mailRows],
  ['farcaster', farcasterRows],
] as const)('broken requests to every %s route', (server, rows) => {
  it.each(rows.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    const agent = new Agent()
    try {
      const answer = await sendRequest(new URL(`http://127.0.0.1:${ports[server]}`), agent, {
        method: row.method,
        path: row.path,
        headers: row.headers ?? {},
        ...(row.body === undefined ? {} : { body: Buffer.from(row.body) }),
      })
      // A reset while a capped body is still being written is a refusal too (the server answered first).
      if (answer.status !== 499)
        expect(readableRefusal(row, answer), `${answer.status} ${answer.body.slice(0, 200)}`).toBeUndefined()
    } finally {
      agent.destroy()
    }
    await stillServes[server]()
  })
})

describe.each([
  'auth',
  'mail',
  'farcaster',
] as const)('the %s server under 2,000 fuzzed requests', (server) => {
  it('never answers 5xx or shows internals, and still serves after', async () => {
    const base = new URL(`http://127.0.0.1:${ports[server]}`)
    const agent = new Agent({ keepAlive: true, maxSockets: 8 })
    const random = seededRandom({ auth: 13, mail: 14, farcaster: 15 }[server])
    const failures: string[] = []
    let next = 0
    const worker = async () => {
      while (next < 2000) {
        next++
        const fuzz = fuzzRequest(random, fuzzRoutes[server])
        const answer = await sendRequest(base, agent, fuzz)
        if (answer.status >= 500 || leaksInternals.test(answer.body))
          failures.push(
            `${fuzz.method} ${fuzz.path.slice(0, 200)} → ${answer.status} ${answer.body.slice(0, 300)}`,
          )
      }
    }
    await Promise.all(Array.from({ length: 8 }, worker))
    agent.destroy()
    expect(failures.slice(0, 10)).toEqual([])
    await stillServes[server]()
  }, 120_000)
})
