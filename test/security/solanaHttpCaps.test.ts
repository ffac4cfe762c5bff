import { request as httpRequest } from 'node:http'
import { connect, type Socket } from 'node:net'
import type { Address } from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseTrustedProxies } from '../../services/relay/index.js'
import { type LocalSolana, solanaLimits } from '../../services/solana/index.js'
import { startTestSolana, type TestSolana } from '../services/solana/localSolana.js'
import { responseText } from '../support/responseText.js'
import { createLargeAccount, startChain } from './support/solanaChains.js'

// 600 KB: 800,000 characters of base64 per copy, so 20 copies make one answer of about 16 MB.
const LARGE_ACCOUNT_BYTES = 600_000

type Posted = { status: number; headers: Record<string, string | string[] | undefined>; text: string }

/** One JSON-RPC POST through Node's client, from `localAddress`, with extra headers. */
function post(
  url: string,
  body: unknown,
  options: { localAddress?: string; headers?: Record<string, string> } = {},
): Promise<Posted> {
  const text = JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      url,
      {
        method: 'POST',
        localAddress: options.localAddress,
        agent: false,
        headers: { 'content-type': 'application/json', ...options.headers },
      },
      (response) => {
        responseText(response).then(
          (text) => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }),
          reject,
        )
      },
    )
    sent.on('error', reject)
    sent.end(text)
  })
}

const getSlot = { jsonrpc: '2.0', id: 1, method: 'getSlot', params: [] }

/** Everything the server sends on one raw socket until it closes it, or `timeoutMs` passes. */
function rawAnswer(
  port: number,
  bytes: string,
  timeoutMs = 3000,
): Promise<{ text: string; closed: boolean }> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port })
    const chunks: Buffer[] = []
    const timer = setTimeout(() => {
      socket.destroy()
      resolve({ text: Buffer.concat(chunks).toString('latin1'), closed: false })
    }, timeoutMs)
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('error', () => undefined)
    socket.on('close', () => {
      clearTimeout(timer)
      resolve({ text: Buffer.concat(chunks).toString('latin1'), closed: true })
    })
    socket.on('connect', () => socket.write(bytes))
  })
}

/** A raw socket that has sent a request's headers and part of its body, so the request stays under way. */
function heldRequest(port: number, forwardedFor: string): Promise<Socket> {
  const body = JSON.stringify(getSlot)
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      socket.write(
        `POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
          `X-Forwarded-For: ${forwardedFor}\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
      )
      resolve(socket)
    })
    socket.on('error', () => undefined)
  })
}

/** Sends the rest of a held request's body and resolves with the status line of its answer. */
function finishHeld(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let received = ''
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1')
      if (received.includes('\r\n')) resolve(received.slice(0, received.indexOf('\r\n')))
    })
    socket.write(JSON.stringify(getSlot).slice(5))
  })
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const portOf = (url: string) => Number(new URL(url).port)

describe('the local Solana JSON-RPC server survives malformed HTTP', () => {
  let chain: LocalSolana
  beforeAll(async () => {
    chain = await startChain()
  })
  afterAll(() => chain?.close())

  it('answers bytes that are not HTTP with a 400 that says why, and keeps answering', async () => {
    const { text, closed } = await rawAnswer(portOf(chain.rpcUrl), 'GARBAGE \x00\x01 nonsense\r\n\r\n')
    expect(text).toMatch(/^HTTP\/1\.1 400 /)
    expect(text.slice(text.indexOf('\r\n\r\n') + 4)).toContain('Bad Request')
    expect(closed).toBe(true)
    const answered = await post(chain.rpcUrl, getSlot)
    expect(answered.status).toBe(200)
    expect(JSON.parse(answered.text)).toMatchObject({ jsonrpc: '2.0', id: 1, result: expect.any(Number) })
  })

  it('closes a connection whose headers have not all arrived after 10 s with 408', async () => {
    const { text, closed } = await rawAnswer(
      portOf(chain.rpcUrl),
      'POST / HTTP/1.1\r\nHost: 127.0.0.1\r\n',
      14_000,
    )
    expect(text).toMatch(/^HTTP\/1\.1 408 /)
    expect(closed).toBe(true)
  }, 20_000)
})

describe('the local Solana JSON-RPC server caps what each client holds', () => {
  let chain: LocalSolana
  beforeAll(async () => {
    chain = await startChain({ trustProxy: parseTrustedProxies('127.0.0.1') })
  })
  afterAll(() => chain?.close())

  // A client is its address, an IPv6 one its /64: a neighbour in the /64 is the same client.
  it.each([
    { client: 'an IPv4 address', held: '203.0.113.1', same: '203.0.113.1', other: '203.0.113.2' },
    { client: 'an IPv6 /64', held: '2001:db8:1:2::1', same: '2001:db8:1:2::2', other: '2001:db8:1:3::1' },
  ])(`refuses a client's request over ${solanaLimits.maxConcurrentRequestsPerClient} under way with 429, while another client is answered: $client`, async ({
    held: holder,
    same,
    other: otherClient,
  }) => {
    const port = portOf(chain.rpcUrl)
    const held = await Promise.all(
      Array.from({ length: solanaLimits.maxConcurrentRequestsPerClient }, () => heldRequest(port, holder)),
    )
    await settle(300)
    const refused = await post(chain.rpcUrl, getSlot, { headers: { 'x-forwarded-for': same } })
    expect(refused.status).toBe(429)
    expect(refused.headers['access-control-allow-origin']).toBe('*')
    expect(JSON.parse(refused.text)).toMatchObject({ code: 'TOO_MANY_REQUESTS' })
    const other = await post(chain.rpcUrl, getSlot, { headers: { 'x-forwarded-for': otherClient } })
    expect(other.status).toBe(200)
    const finished = await Promise.all(held.map(finishHeld))
    expect(finished).toEqual(held.map(() => 'HTTP/1.1 200 OK'))
    for (const socket of held) socket.destroy()
    const again = await post(chain.rpcUrl, getSlot, { headers: { 'x-forwarded-for': same } })
    expect(again.status).toBe(200)
  })

  it(`answers a declared body over ${solanaLimits.maxBodyBytes} bytes with 413 and closes without reading it`, async () => {
    const { text, closed } = await rawAnswer(
      portOf(chain.rpcUrl),
      'POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000000\r\n\r\n[',
    )
    expect(text).toMatch(/^HTTP\/1\.1 413 /)
    expect(text).toContain('PAYLOAD_TOO_LARGE')
    expect(closed).toBe(true)
  })

  it(`answers a chunked body over ${solanaLimits.maxBodyBytes} bytes with 413`, async () => {
    const chunk = 'x'.repeat(solanaLimits.maxBodyBytes + 1)
    const { text } = await rawAnswer(
      portOf(chain.rpcUrl),
      'POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n' +
        `${chunk.length.toString(16)}\r\n${chunk}\r\n0\r\n\r\n`,
    )
    expect(text).toMatch(/^HTTP\/1\.1 413 /)
  })
})

describe('the local Solana JSON-RPC server starts no new answer for a client that leaves its answers unread', () => {
  let chain: TestSolana
  let large: Address
  beforeAll(async () => {
    chain = await startTestSolana()
    large = await createLargeAccount(chain, LARGE_ACCOUNT_BYTES)
  }, 30_000)
  afterAll(() => chain?.close())

  it(`refuses a client with ${solanaLimits.maxUnsentAnswerBytesPerClient} answer bytes unread with 429, while another client is answered`, async () => {
    const port = portOf(chain.rpcUrl)
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'getMultipleAccounts',
      params: [Array(20).fill(large), { encoding: 'base64' }],
    })
    // Two 16 MB answers that the client never reads: the kernel's socket buffers hold a few MB of them.
    const unread = await Promise.all(
      [1, 2].map(
        () =>
          new Promise<Socket>((resolve) => {
            const socket = connect({ host: '127.0.0.1', port, localAddress: '127.0.0.2' }, () => {
              socket.pause()
              socket.write(
                `POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
                  `Content-Length: ${body.length}\r\n\r\n${body}`,
              )
              resolve(socket)
            })
            socket.on('error', () => undefined)
          }),
      ),
    )
    await settle(1500)
    const refused = await post(chain.rpcUrl, getSlot, { localAddress: '127.0.0.2' })
    expect(refused.status).toBe(429)
    expect(JSON.parse(refused.text)).toMatchObject({ code: 'TOO_MANY_REQUESTS' })
    expect((await post(chain.rpcUrl, getSlot, { localAddress: '127.0.0.3' })).status).toBe(200)
    for (const socket of unread) socket.destroy()
    await settle(300)
    expect((await post(chain.rpcUrl, getSlot, { localAddress: '127.0.0.2' })).status).toBe(200)
  }, 30_000)

  it('gives back every request of a client whose connection goes with answers queued behind a pipelined one', async () => {
    const port = portOf(chain.rpcUrl)
    const client = '127.0.0.5'
    const max = solanaLimits.maxConcurrentRequestsPerClient
    const request = (call: unknown) => {
      const body = JSON.stringify(call)
      return `POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`
    }
    const opened = (bytes: string) =>
      new Promise<Socket>((resolve) => {
        const socket = connect({ host: '127.0.0.1', port, localAddress: client }, () => {
          socket.pause()
          socket.write(bytes)
          resolve(socket)
        })
        socket.on('error', () => undefined)
      })
    const status = async () => (await post(chain.rpcUrl, getSlot, { localAddress: client })).status
    // A 16 MB answer the client does not read, and queued behind it as many requests as it may have under way.
    const largeCall = {
      ...getSlot,
      method: 'getMultipleAccounts',
      params: [Array(20).fill(large), { encoding: 'base64' }],
    }
    const pipelined = await opened(request(largeCall) + request(getSlot).repeat(max - 1))
    await expect.poll(status).toBe(429)

    pipelined.destroy()
    await expect.poll(status).toBe(200)
    // Requests held open up to the cap but one leave room for another only if every queued one was given back.
    const held = await Promise.all(
      Array.from({ length: max - 1 }, () => opened(request(getSlot).slice(0, -5))),
    )
    await settle(300)
    expect(await status()).toBe(200)
    for (const socket of held) socket.destroy()
  }, 30_000)
})
