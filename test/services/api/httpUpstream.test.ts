import { readFileSync } from 'node:fs'
import { createServer as createHttpsServer } from 'node:https'
import { type AddressInfo, createServer, type Server, type Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import {
  HttpUpstream,
  type HttpUpstreamOptions,
  UpstreamError,
} from '../../../services/api/rpcProxy/index.js'
import { freePort } from '../../../services/index.js'

type Received = { head: string; body: string; socket: Socket }

/**
 * A loopback server speaking raw bytes: each whole request (head + Content-Length body) goes to `answer`,
 * which writes whatever bytes the test wants. Counts the connections it was opened.
 */
async function rawServer(answer: (request: Received) => void) {
  let connections = 0
  const server: Server = createServer((socket) => {
    connections += 1
    let pending = ''
    socket.setEncoding('utf8')
    socket.on('error', () => {})
    socket.on('data', (text: string) => {
      pending += text
      for (;;) {
        const end = pending.indexOf('\r\n\r\n')
        if (end < 0) return
        const head = pending.slice(0, end)
        const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0)
        if (pending.length < end + 4 + length) return
        const body = pending.slice(end + 4, end + 4 + length)
        pending = pending.slice(end + 4 + length)
        answer({ head, body, socket })
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  servers.push(server)
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/rpc?key=k`,
    connections: () => connections,
  }
}

const servers: { close(): void }[] = []
const upstreams: HttpUpstream[] = []
const upstreamWith = (options: HttpUpstreamOptions = {}) => {
  const upstream = new HttpUpstream({ timeoutMs: 500, maxResponseBytes: 1024, ...options })
  upstreams.push(upstream)
  return upstream
}
const ok = (body: string, extra = '') =>
  `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n${extra}content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('resolved')
    },
    (error: UpstreamError) => {
      expect(error).toBeInstanceOf(UpstreamError)
      return { reason: error.reason, message: error.message }
    },
  )

afterEach(() => {
  for (const upstream of upstreams.splice(0)) upstream.close()
  for (const server of servers.splice(0)) server.close()
})

describe('HttpUpstream (the RPC proxy’s HTTP/1.1 client)', () => {
  // First, before other tests leave connections that close while it counts.
  it('lets an idle connection not keep the process alive', async () => {
    const server = await rawServer(({ socket }) => {
      socket.unref()
      socket.write(ok('{}'))
    })
    const keepingAlive = () =>
      process.getActiveResourcesInfo().filter((name) => name === 'TCPSocketWrap').length
    const before = keepingAlive()
    expect(await upstreamWith().post(server.url, '{}')).toBe('{}')
    // Both ends of the connection are now unref'd: the server's by the test, ours because it is idle.
    expect(keepingAlive()).toBeLessThanOrEqual(before)
  })

  it('posts the JSON body with its length, host, path and query, and reuses one connection', async () => {
    const heads: string[] = []
    const server = await rawServer(({ head, body, socket }) => {
      heads.push(head)
      socket.write(ok(`{"echo":${body}}`))
    })
    const upstream = upstreamWith()
    for (const n of [1, 2, 3])
      expect(await upstream.post(server.url, `{"n":${n}}`)).toBe(`{"echo":{"n":${n}}}`)
    expect(server.connections()).toBe(1)
    expect(heads[0]).toMatch(/^POST \/rpc\?key=k HTTP\/1\.1\r\n/)
    expect(heads[0]).toMatch(/\r\nhost: 127\.0\.0\.1:\d+\r\n/)
    expect(heads[0]).toMatch(/\r\ncontent-type: application\/json\r\n/)
    expect(heads[0]).toMatch(/\r\ncontent-length: 7$/)
  })

  it('reads chunked answers cut anywhere (extensions, trailers, UTF-8 split across packets)', async () => {
    const text = '{"result":"é—ok"}'
    const bytes = Buffer.from(text)
    const body = Buffer.concat([
      Buffer.from(`5;ext=1\r\n`),
      bytes.subarray(0, 5),
      Buffer.from(`\r\n${(bytes.length - 5).toString(16)}\r\n`),
      bytes.subarray(5),
      Buffer.from('\r\n0\r\nx-trailer: 1\r\n\r\n'),
    ])
    const whole = Buffer.concat([Buffer.from('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n'), body])
    const server = await rawServer(({ socket }) => {
      // One byte at a time: every state of the reader sees a partial input.
      let at = 0
      const next = () => {
        if (at >= whole.length) return
        socket.write(whole.subarray(at, at + 1))
        at += 1
        setImmediate(next)
      }
      next()
    })
    const upstream = upstreamWith()
    expect(await upstream.post(server.url, '{}')).toBe(text)
    expect(await upstream.post(server.url, '{}')).toBe(text)
    expect(server.connections()).toBe(1)
  })

  it('skips a 100 Continue head, and reads a body that ends with the close', async () => {
    const server = await rawServer(({ socket }) => {
      socket.write('HTTP/1.1 100 Continue\r\n\r\n')
      socket.end('HTTP/1.0 200 OK\r\ncontent-type: application/json\r\n\r\n{"result":"0x1"}')
    })
    const upstream = upstreamWith()
    expect(await upstream.post(server.url, '{}')).toBe('{"result":"0x1"}')
    expect(await upstream.post(server.url, '{}')).toBe('{"result":"0x1"}')
    expect(server.connections()).toBe(2)
  })

  it('fails a non-2xx answer with its status and drops that connection', async () => {
    let calls = 0
    const server = await rawServer(({ socket }) => {
      calls += 1
      socket.write(
        calls === 1 ? 'HTTP/1.1 503 Service Unavailable\r\ncontent-length: 4\r\n\r\nbusy' : ok('{}'),
      )
    })
    const upstream = upstreamWith()
    expect(await failure(upstream.post(server.url, '{}'))).toEqual({
      reason: 'status',
      message: 'answered 503',
    })
    expect(await upstream.post(server.url, '{}')).toBe('{}')
    expect(server.connections()).toBe(2)
  })

  it('refuses answers over maxResponseBytes, by their length or as their chunks arrive', async () => {
    const big = 'x'.repeat(2000)
    const tooLarge = { reason: 'too-large', message: 'answer over 1024 bytes' }
    const byLength = await rawServer(({ socket }) => socket.write(ok(big)))
    expect(await failure(upstreamWith().post(byLength.url, '{}'))).toEqual(tooLarge)
    const byChunks = await rawServer(({ socket }) => {
      socket.write('HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n')
      for (let i = 0; i < 20; i++) socket.write(`64\r\n${big.slice(0, 100)}\r\n`)
    })
    expect(await failure(upstreamWith().post(byChunks.url, '{}'))).toEqual(tooLarge)
  })

  it('fails what is not an HTTP/1.x answer as malformed', async () => {
    const answers = [
      'SSH-2.0-OpenSSH\r\n\r\n',
      'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n',
      'HTTP/1.1 200 OK\r\ntransfer-encoding: gzip, chunked\r\n\r\n',
      'HTTP/1.1 200 OK\r\ncontent-length: 2\r\ncontent-length: 3\r\n\r\n{}',
      'HTTP/1.1 200 OK\r\nno colon here\r\n\r\n',
      `HTTP/1.1 200 OK\r\nx-long: ${'a'.repeat(20_000)}`,
    ]
    for (const answer of answers) {
      const server = await rawServer(({ socket }) => socket.write(answer))
      expect((await failure(upstreamWith().post(server.url, '{}'))).reason).toBe('malformed')
    }
  })

  it('fails with timeout when no answer comes, unreachable when cut short or refused', async () => {
    const silent = await rawServer(() => {})
    expect(await failure(upstreamWith({ timeoutMs: 100 }).post(silent.url, '{}'))).toEqual({
      reason: 'timeout',
      message: 'no answer within 100 ms',
    })
    const cut = await rawServer(({ socket }) =>
      socket.end('HTTP/1.1 200 OK\r\ncontent-length: 10\r\n\r\n{"res'),
    )
    expect(await failure(upstreamWith().post(cut.url, '{}'))).toEqual({
      reason: 'unreachable',
      message: 'the answer was cut short',
    })
    const refused = await failure(upstreamWith().post(`http://127.0.0.1:${await freePort()}/`, '{}'))
    expect(refused.reason).toBe('unreachable')
  })

  it('holds posts beyond maxSockets until a connection is free, each answered in turn', async () => {
    const server = await rawServer(({ body, socket }) => setTimeout(() => socket.write(ok(body)), 20))
    const upstream = upstreamWith({ maxSockets: 2 })
    const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => upstream.post(server.url, `${n}`)))
    expect(answers).toEqual(['1', '2', '3', '4', '5'])
    expect(server.connections()).toBe(2)
  })

  it('opens a fresh connection when the server closed the idle one, or it went idle past idleMs', async () => {
    const server = await rawServer(({ socket }) => socket.write(ok('{}', 'connection: keep-alive\r\n')))
    const upstream = upstreamWith({ idleMs: 50 })
    expect(await upstream.post(server.url, '{}')).toBe('{}')
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(await upstream.post(server.url, '{}')).toBe('{}')
    expect(server.connections()).toBe(2)

    const closing = await rawServer(({ socket }) => socket.end(ok('{}')))
    expect(await upstream.post(closing.url, '{}')).toBe('{}')
    expect(await upstream.post(closing.url, '{}')).toBe('{}')
    expect(closing.connections()).toBe(2)
  })

  it('drops a connection that sends bytes nobody asked for, and answers the next post on a new one', async () => {
    const server = await rawServer(({ socket }) => {
      socket.write(ok('{}'))
      setTimeout(() => socket.write('HTTP/1.1 200 OK\r\n'), 20)
    })
    const upstream = upstreamWith()
    expect(await upstream.post(server.url, '{}')).toBe('{}')
    await new Promise((resolve) => setTimeout(resolve, 60))
    expect(await upstream.post(server.url, '{}')).toBe('{}')
    expect(server.connections()).toBe(2)
  })

  it('sends the URL’s credentials as Basic authorization', async () => {
    let head = ''
    const server = await rawServer((request) => {
      head = request.head
      request.socket.write(ok('{}'))
    })
    const url = server.url.replace('http://', 'http://alice:p%40ss@')
    expect(await upstreamWith().post(url, '{}')).toBe('{}')
    expect(head).toContain(`\r\nauthorization: Basic ${Buffer.from('alice:p@ss').toString('base64')}`)
    expect(head).not.toContain('alice:')
  })

  it('speaks TLS to an https upstream, trusting the given certificate', async () => {
    const cert = readFileSync(new URL('../../support/tls/upstream.crt', import.meta.url))
    const key = readFileSync(new URL('../../support/tls/upstream.key', import.meta.url))
    const server = createHttpsServer({ cert, key }, (request, response) => {
      request.resume()
      request.on('end', () => response.end('{"result":"tls"}'))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    servers.push(server)
    const url = `https://localhost:${(server.address() as AddressInfo).port}/`
    expect(await upstreamWith({ ca: cert }).post(url, '{}')).toBe('{"result":"tls"}')
    expect((await failure(upstreamWith().post(url, '{}'))).reason).toBe('unreachable')
  })
})
