import { type Address, generateKeyPairSigner } from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { parseTrustedProxies } from '../../services/relay/index.js'
import { type LocalSolana, solanaLimits } from '../../services/solana/index.js'
import { startTestSolana, type TestSolana, testSigner } from '../services/solana/localSolana.js'
import { createLargeAccount, startChain } from './support/solanaChains.js'

// 600 KB, as a program's data account: 800,000 characters of base64 per copy in an answer.
const LARGE_ACCOUNT_BYTES = 600_000

type RpcAnswer = { id?: number; result?: { value: unknown[] }; error?: { code: number; message: string } }

async function post(url: string, body: unknown): Promise<{ bytes: number; answer: unknown }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const text = await response.text()
  return { bytes: Buffer.byteLength(text), answer: JSON.parse(text) }
}

const multipleAccounts = (id: number, addresses: readonly string[]) => ({
  jsonrpc: '2.0',
  id,
  method: 'getMultipleAccounts',
  params: [addresses, { encoding: 'base64' }],
})

describe('the local Solana chain caps what one request can make it answer', () => {
  let chain: TestSolana
  let large: Address

  beforeAll(async () => {
    chain = await startTestSolana()
    large = await createLargeAccount(chain, LARGE_ACCOUNT_BYTES)
  }, 30_000)
  afterAll(() => chain?.close())

  it('answers one large account named 100 times (a 4.8 KB request) within the call cap, or refuses naming it', async () => {
    const { bytes, answer } = await post(chain.rpcUrl, multipleAccounts(1, Array(100).fill(large)))
    expect(bytes).toBeLessThanOrEqual(solanaLimits.maxCallAnswerBytes)
    const { error } = answer as RpcAnswer
    expect(error?.message).toContain(String(solanaLimits.maxCallAnswerBytes))
  })

  it('answers a batch of three such calls (a 14 KB batch) within the batch cap, one answer per call id', async () => {
    const batch = [1, 2, 3].map((id) => multipleAccounts(id, Array(100).fill(large)))
    const { bytes, answer } = await post(chain.rpcUrl, batch)
    expect(bytes).toBeLessThanOrEqual(solanaLimits.maxBatchAnswerBytes)
    expect((answer as RpcAnswer[]).map((call) => call.id)).toEqual([1, 2, 3])
  })

  it('answers the calls of a batch until the batch cap, and refuses the rest naming it', async () => {
    // 8 copies are 6.4 MB: two calls fit in 16 MiB, the third does not.
    const batch = [1, 2, 3].map((id) => multipleAccounts(id, Array(8).fill(large)))
    const { bytes, answer } = await post(chain.rpcUrl, batch)
    expect(bytes).toBeLessThanOrEqual(solanaLimits.maxBatchAnswerBytes)
    const [first, second, third] = answer as RpcAnswer[]
    expect(first?.result?.value).toHaveLength(8)
    expect(second?.result?.value).toHaveLength(8)
    expect(third?.id).toBe(3)
    expect(third?.error?.message).toContain(String(solanaLimits.maxBatchAnswerBytes))
  })

  it('answers a duplicated address at every position it was asked for', async () => {
    const key = (await testSigner(0)).address
    const missing = (await generateKeyPairSigner()).address
    const answer = (await chain.call('getMultipleAccounts', [[key, missing, key], { encoding: 'base64' }]))
      .result as { value: unknown[] }
    expect(answer.value).toHaveLength(3)
    expect(answer.value[0]).toMatchObject({
      lamports: expect.any(Number),
      owner: '11111111111111111111111111111111',
    })
    expect(answer.value[1]).toBeNull()
    expect(answer.value[2]).toEqual(answer.value[0])
  })
})

type Opened = { socket: WebSocket; status: 'open' } | { status: number }

/** Opens a PubSub socket from `localAddress` (any 127.x.y.z is this machine), with optional headers. */
function open(url: string, localAddress: string, headers: Record<string, string> = {}): Promise<Opened> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { localAddress, headers })
    socket.once('open', () => resolve({ socket, status: 'open' }))
    socket.once('unexpected-response', (_request, response) => {
      resolve({ status: response.statusCode ?? 0 })
      response.resume()
      socket.terminate()
    })
    socket.once('error', reject)
  })
}

async function openMany(count: number, opener: () => Promise<Opened>): Promise<Opened[]> {
  const all: Opened[] = []
  // A few at a time: one client opening sockets fast, not a SYN flood the kernel's backlog would drop.
  for (let at = 0; at < count; at += 20)
    all.push(...(await Promise.all(Array.from({ length: Math.min(20, count - at) }, opener))))
  return all
}

const sockets = (opened: Opened[]) => opened.flatMap((one) => ('socket' in one ? [one.socket] : []))

function slotSubscribe(socket: WebSocket): Promise<{ result?: unknown; error?: unknown }> {
  return new Promise((resolve) => {
    socket.once('message', (data) => resolve(JSON.parse(String(data)) as { result?: unknown }))
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'slotSubscribe', params: [] }))
  })
}

function closed(socket: WebSocket): Promise<number> {
  return new Promise((resolve) => {
    if (socket.readyState === WebSocket.CLOSED) resolve(-1)
    else socket.once('close', (code) => resolve(code))
  })
}

describe('the local Solana PubSub counts connections per client and closes idle ones', () => {
  const opened: WebSocket[] = []
  let chain: LocalSolana
  beforeAll(async () => {
    chain = await startChain()
  })
  afterAll(async () => {
    for (const socket of opened) socket.terminate()
    await chain?.close()
  })

  it('keeps another client in while one client holds 100+ idle sockets', async () => {
    const flood = await openMany(120, () => open(chain.wsUrl, '127.0.0.2'))
    opened.push(...sockets(flood))
    expect(sockets(flood)).toHaveLength(solanaLimits.maxWsConnectionsPerIp)
    expect(flood.filter((one) => one.status === 429)).toHaveLength(120 - solanaLimits.maxWsConnectionsPerIp)
    const other = await open(chain.wsUrl, '127.0.0.3')
    expect(other.status).toBe('open')
    if (!('socket' in other)) return
    opened.push(other.socket)
    expect((await slotSubscribe(other.socket)).result).toEqual(expect.any(Number))
  })

  it('does not believe an X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    let hop = 0
    const spoofed = await openMany(40, () =>
      open(chain.wsUrl, '127.0.0.4', { 'x-forwarded-for': `203.0.113.${++hop}` }),
    )
    opened.push(...sockets(spoofed))
    expect(sockets(spoofed)).toHaveLength(solanaLimits.maxWsConnectionsPerIp)
  })

  it('keeps a ceiling over all clients together', async () => {
    const counted = opened.length
    const addresses = Array.from({ length: 20 }, (_, index) => `127.0.1.${index + 1}`)
    const all: Opened[] = []
    for (const address of addresses)
      all.push(...(await openMany(solanaLimits.maxWsConnectionsPerIp, () => open(chain.wsUrl, address))))
    opened.push(...sockets(all))
    expect(opened).toHaveLength(solanaLimits.maxWsConnections)
    expect(all.filter((one) => one.status === 503)).toHaveLength(
      counted + all.length - solanaLimits.maxWsConnections,
    )
  }, 30_000)
})

describe('the local Solana PubSub behind a trusted proxy', () => {
  const opened: WebSocket[] = []
  let chain: LocalSolana
  beforeAll(async () => {
    chain = await startChain({ trustProxy: parseTrustedProxies('127.0.0.1') })
  })
  afterAll(async () => {
    for (const socket of opened) socket.terminate()
    await chain?.close()
  })

  it('counts each forwarded client on its own', async () => {
    const flood = await openMany(40, () =>
      open(chain.wsUrl, '127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }),
    )
    opened.push(...sockets(flood))
    expect(sockets(flood)).toHaveLength(solanaLimits.maxWsConnectionsPerIp)
    const other = await open(chain.wsUrl, '127.0.0.1', { 'x-forwarded-for': '198.51.100.4' })
    if ('socket' in other) opened.push(other.socket)
    expect(other.status).toBe('open')
  })
})

describe('the local Solana PubSub closes sockets that hold no subscription', () => {
  let chain: LocalSolana
  beforeAll(async () => {
    chain = await startChain({ wsIdleTimeoutMs: 300 })
  })
  afterAll(() => chain?.close())

  it('closes a socket that never subscribes once the idle timeout passes', async () => {
    const idle = await open(chain.wsUrl, '127.0.0.1')
    if (!('socket' in idle)) throw new Error(`refused with ${idle.status}`)
    const started = Date.now()
    expect(await closed(idle.socket)).toBe(1000)
    expect(Date.now() - started).toBeGreaterThanOrEqual(250)
  })

  it('keeps a socket with a subscription open, and closes it once it unsubscribes and idles', async () => {
    const busy = await open(chain.wsUrl, '127.0.0.1')
    if (!('socket' in busy)) throw new Error(`refused with ${busy.status}`)
    const id = (await slotSubscribe(busy.socket)).result
    await new Promise((resolve) => setTimeout(resolve, 700))
    expect(busy.socket.readyState).toBe(WebSocket.OPEN)
    busy.socket.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'slotUnsubscribe', params: [id] }))
    expect(await closed(busy.socket)).toBe(1000)
  })
})
