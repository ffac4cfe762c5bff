import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningStack, stackConfig, startStack } from '../../services/stack/index.js'
import { RawRelayClient, randomTopic, testIdentity, withAuth } from '../relay/server/support/rawClient.js'
import { wsFactory } from '../relay/server/support/wsHarness.js'
import { freePort } from '../support/ports.js'
import { type Answer, describeAnswer, exchange, frame, upgradeRequest } from './support/rawExchange.js'

/**
 * Acceptance 1 of issue 11: malformed HTTP and WebSocket requests, sent with raw sockets, against every
 * server `npm start` runs — the relay, the demo page, and the chain (Anvil, third-party: its answers are
 * recorded here as they are). After each, the server must still answer a valid request.
 */

type Server = 'relay' | 'demo' | 'chain'
/** What a row must get: an HTTP status in 400–499 or exactly, a close code from the list, or the socket closed. */
type Expected = { status: '4xx' | number } | { close: number[] } | { closed: true }

/** A request each server answers with 200; HTTP rows break one part of it, so a 4xx is the row's doing. */
type Base = { method: string; target: string; headers: string[]; body: string }
const bases: Record<Server, Base> = {
  relay: { method: 'GET', target: '/health', headers: [], body: '' },
  demo: { method: 'GET', target: '/', headers: [], body: '' },
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
const all: Server[] = ['relay', 'demo', 'chain']
const websockets: Server[] = ['relay', 'chain']
const bad = { status: '4xx' } as const
const protocolError = { close: [1002] }
// The demo serves no WebSocket: like any server without one it may ignore Upgrade (RFC 9110 §7.8) and
// answers the page; what matters is that it never switches protocols.
const demoIgnoresUpgrade = { demo: { status: 200 } }
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
    except: demoIgnoresUpgrade,
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
    except: demoIgnoresUpgrade,
  },
  {
    name: 'upgrade with an invalid Sec-WebSocket-Key',
    bytes: (_base, port) => upgradeRequest(port, { 'Sec-WebSocket-Key': 'not-a-16-byte-key' }),
    on: all,
    expect: bad,
    // Anvil accepts any key (RFC 6455 §4.2.1 wants 16 base64 bytes); harmless, recorded as it is.
    except: { ...demoIgnoresUpgrade, chain: { status: 101 } },
  },
  {
    name: 'upgrade with Sec-WebSocket-Version 12',
    bytes: (_base, port) => upgradeRequest(port, { 'Sec-WebSocket-Version': '12' }),
    on: all,
    expect: bad,
    except: demoIgnoresUpgrade,
  },
  {
    name: 'upgrade to h2c (not websocket)',
    bytes: (_base, port) => upgradeRequest(port, { Upgrade: 'h2c' }),
    on: all,
    expect: bad,
    except: demoIgnoresUpgrade,
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
    except: { ...demoIgnoresUpgrade, chain: { status: 101 } },
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
      ports: {
        chain: await freePort(),
        relay: await freePort(),
        api: await freePort(),
        demo: await freePort(),
      },
    },
  )
  stack = await startStack(config)
  Object.assign(ports, config.ports)
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
    for (const server of ['relay', 'demo'] as const) {
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
