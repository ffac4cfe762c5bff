import { once } from 'node:events'
import type { Server } from 'node:http'
import { type AddressInfo, connect, type Socket } from 'node:net'
import { Duplex } from 'node:stream'
import { silentLogger } from '@pairwise/relay/core'
import { afterEach, describe, expect, it } from 'vitest'
import {
  createSafeServer,
  HttpError,
  listen,
  refuseUpgrade,
  type SafeServerOptions,
  safeUpgrade,
} from '../../../services/kit/index.js'
import { upgradeRequest } from '../../security/support/rawExchange.js'

const options = { name: 'test', logger: silentLogger }
const servers: Server[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})

/** A server refusing every upgrade with 429; `refused` gets the server end of each refused socket. */
async function refusingServer(refused: Duplex[]): Promise<number> {
  const server = createSafeServer((_request, response) => void response.end(), options)
  servers.push(server)
  server.on(
    'upgrade',
    safeUpgrade((_request, socket) => {
      refused.push(socket)
      throw new HttpError(429, 'at most 1 connection per address')
    }, options),
  )
  await listen(server, 0, '127.0.0.1')
  return (server.address() as AddressInfo).port
}

describe('refused WebSocket upgrades', () => {
  it('close their connection once the answer is sent, though the client never ends its side', async () => {
    const refused: Duplex[] = []
    const port = await refusingServer(refused)
    const client = connect({ port, host: '127.0.0.1', allowHalfOpen: true })
    let answer = ''
    client.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1')
    })
    client.write(upgradeRequest(port))
    await once(client, 'end')
    expect(answer).toMatch(/^HTTP\/1\.1 429 Too Many Requests\r\n/)
    // The server's end is gone, not left half-open for as long as the client keeps its side.
    await expect.poll(() => refused[0]?.destroyed, { timeout: 500 }).toBe(true)
    client.destroy()
  })

  it('cut a connection whose answer cannot be flushed after a short grace', async () => {
    // A socket whose client reads nothing: what is written to it is never taken.
    const unread = new Duplex({ read() {}, write() {} })
    refuseUpgrade(unread, 503, 'the relay is shutting down')
    expect(unread.destroyed).toBe(false)
    await expect.poll(() => unread.destroyed, { timeout: 3000 }).toBe(true)
  })
})

/** A safe server listening on a free port, with `handler` and `more` options. */
async function safeServer(
  handler: Parameters<typeof createSafeServer>[0],
  more: Partial<SafeServerOptions> = {},
): Promise<{ server: Server; port: number }> {
  const server = createSafeServer(handler, { ...options, ...more })
  servers.push(server)
  await listen(server, 0, '127.0.0.1')
  return { server, port: (server.address() as AddressInfo).port }
}

/** Everything the server sends on one socket after `bytes`, until it closes the connection. */
function untilClosed(port: number, bytes: string): Promise<string> {
  return new Promise((resolve) => {
    const client = connect({ port, host: '127.0.0.1' })
    let text = ''
    client.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1')
    })
    client.on('close', () => resolve(text))
    client.write(bytes)
  })
}

const get = (target: string) => `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`
/** A POST to `/` with `framing` header lines (no trailing CRLF) and `body`. */
const post = (framing: string, body: string) =>
  `POST / HTTP/1.1\r\nHost: 127.0.0.1\r\n${framing}\r\n\r\n${body}`
const chunkedAbc = '3\r\nabc\r\n0\r\n\r\n'

describe('what one client can make a safe server hold', () => {
  it('closes a socket whose client stopped reading its answer, on a later request of a kept-alive connection too', async () => {
    const large = 'x'.repeat(32 * 1024 * 1024)
    const { server, port } = await safeServer(
      (request, response) => void response.end(request.url === '/large' ? large : 'small'),
      { socketIdleMs: 300 },
    )
    const accepted = once(server, 'connection') as Promise<[Socket]>
    const client = connect({ port, host: '127.0.0.1' })
    const [serverEnd] = await accepted
    client.write(get('/small'))
    const [first] = (await once(client, 'data')) as [Buffer]
    expect(first.toString('latin1')).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*small$/)
    // The answer to this one fills every buffer between the two ends, and the client reads none of it.
    client.pause()
    client.write(get('/large'))
    await expect.poll(() => serverEnd.destroyed, { timeout: 3000 }).toBe(true)
    client.destroy()
  })

  it('runs at most maxPipelinedRequests of one socket at once, answering the next 429 and closing the connection', async () => {
    let running = 0
    let most = 0
    const { port } = await safeServer(
      async (_request, response) => {
        running++
        most = Math.max(most, running)
        await new Promise((resolve) => setTimeout(resolve, 100))
        running--
        response.end('done')
      },
      { maxPipelinedRequests: 4 },
    )
    const answers = await untilClosed(port, get('/work').repeat(1000))
    expect(most).toBe(4)
    expect(answers.match(/HTTP\/1\.1 \d{3}/g)).toEqual([...Array(4).fill('HTTP/1.1 200'), 'HTTP/1.1 429'])
  })

  it.each([
    {
      what: 'a request with two Host headers with 400',
      bytes: 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: attacker.example\r\n\r\n',
      status: /^HTTP\/1\.1 400 Bad Request\r\n/,
    },
    {
      what: 'a CONNECT (a proxy tunnel, which no server here is) with 405, where Node dropped it unanswered',
      bytes: 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n',
      status: /^HTTP\/1\.1 405 Method Not Allowed\r\n/,
    },
    {
      what: 'a Transfer-Encoding with a coding before chunked with 400, where Node read the body as chunked',
      bytes: post('Transfer-Encoding: gzip, chunked', chunkedAbc),
      status: /^HTTP\/1\.1 400 Bad Request\r\n/,
    },
    {
      what: 'a Transfer-Encoding split over two headers with 400, where Node read the body as chunked',
      bytes: post('Transfer-Encoding: gzip\r\nTransfer-Encoding: chunked', chunkedAbc),
      status: /^HTTP\/1\.1 400 Bad Request\r\n/,
    },
    {
      what: 'an HTTP/1.0 request with Transfer-Encoding (faulty framing, RFC 9112 §6.1) with 400',
      bytes: post('Transfer-Encoding: chunked', chunkedAbc).replace('HTTP/1.1', 'HTTP/1.0'),
      status: /^HTTP\/1\.1 400 Bad Request\r\n/,
    },
    {
      what: 'a Transfer-Encoding of identity with 400',
      bytes: post('Transfer-Encoding: identity', 'abc'),
      status: /^HTTP\/1\.1 400 Bad Request\r\n/,
    },
    {
      what: 'a Transfer-Encoding of chunked twice with 400',
      bytes: post('Transfer-Encoding: chunked, chunked', chunkedAbc),
      status: /^HTTP\/1\.1 400 Bad Request\r\n/,
    },
    {
      what: 'Transfer-Encoding then Content-Length with 400',
      bytes: post('Transfer-Encoding: chunked\r\nContent-Length: 3', chunkedAbc),
      status: /^HTTP\/1\.1 400 Bad Request\r\n/,
    },
    {
      what: 'Content-Length then Transfer-Encoding with 400',
      bytes: post('Content-Length: 3\r\nTransfer-Encoding: chunked', chunkedAbc),
      status: /^HTTP\/1\.1 400 Bad Request\r\n/,
    },
    {
      what: 'two Content-Length headers, even equal ones, with 400',
      bytes: post('Content-Length: 3\r\nContent-Length: 3', 'abc'),
      status: /^HTTP\/1\.1 400 Bad Request\r\n/,
    },
  ])('refuses $what, and closes, before its handler sees it', async ({ bytes, status }) => {
    let handled = 0
    const { port } = await safeServer((_request, response) => {
      handled++
      response.end('handled')
    })
    expect(await untilClosed(port, bytes)).toMatch(status)
    expect(handled).toBe(0)
  })
  it.each([
    { what: 'no Transfer-Encoding', bytes: post('Content-Length: 3', 'abc') },
    { what: 'Transfer-Encoding: chunked', bytes: post('Transfer-Encoding: chunked', chunkedAbc) },
    {
      what: 'Transfer-Encoding: CHUNKED, in any case',
      bytes: post('Transfer-Encoding: CHUNKED', chunkedAbc),
    },
  ])('hands its handler a request with $what, body and all', async ({ bytes }) => {
    const { port } = await safeServer((request, response) => {
      let body = ''
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString('latin1')
      })
      request.on('end', () => response.end(`read ${body}`))
    })
    expect(await untilClosed(port, bytes.replace('Host:', 'Connection: close\r\nHost:'))).toMatch(
      /^HTTP\/1\.1 200 OK\r\n[\s\S]*read abc$/,
    )
  })
})
