import { once } from 'node:events'
import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import type { WebSocketFailure } from '../../../../services/relay/websocket/frameReader.js'
import { Opcode } from '../../../../services/relay/websocket/frames.js'
import { ServerSocket, type ServerSocketOptions } from '../../../../services/relay/websocket/serverSocket.js'
import { frame } from '../../../security/support/rawExchange.js'

type Seen = {
  messages: string[]
  pongs: number
  /** Bytes read, as charged to the client's receive budget. */
  charged: number
  failures: WebSocketFailure[]
  closed: boolean
}

const servers: Server[] = []
// Client ends a failed test left open, which the servers would otherwise wait for.
const clients: Socket[] = []
afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy()
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))))
})

/** A ServerSocket on the server end of a loopback TCP connection, started with `head`; the client end. */
async function pair(
  head: Buffer = Buffer.alloc(0),
  options: Partial<ServerSocketOptions> = {},
): Promise<{ server: ServerSocket; client: Socket; seen: Seen; received: () => Buffer }> {
  const seen: Seen = { messages: [], pongs: 0, charged: 0, failures: [], closed: false }
  const accepted = new Promise<ServerSocket>((resolve) => {
    const server = createServer({ allowHalfOpen: true }, (raw) => {
      const socket = new ServerSocket(raw, {
        maxMessageBytes: 1000,
        messageTimeoutMs: 30_000,
        closeGraceMs: 200,
        maxBufferedBytes: 1 << 20,
        message: (text) => seen.messages.push(text),
        received: (bytes) => {
          seen.charged += bytes
        },
        pong: () => seen.pongs++,
        failed: (failure) => seen.failures.push(failure),
        closed: () => {
          seen.closed = true
        },
        ...options,
      })
      socket.start(head)
      resolve(socket)
    })
    servers.push(server)
    server.listen(0, '127.0.0.1')
  })
  await once(servers.at(-1) as Server, 'listening')
  const { port } = (servers.at(-1) as Server).address() as AddressInfo
  const client = connect({ port, host: '127.0.0.1', allowHalfOpen: true })
  clients.push(client)
  const chunks: Buffer[] = []
  client.on('data', (chunk: Buffer) => chunks.push(chunk))
  return { server: await accepted, client, seen, received: () => Buffer.concat(chunks) }
}

const text = (value: string) => Buffer.from(value)
const until = (check: () => boolean) => expect.poll(check, { timeout: 2000, interval: 5 }).toBe(true)
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Writes `bytes` every `ms` until the server has sent something (its close frame), then stops. */
function keepWriting(client: Socket, received: () => Buffer, bytes: () => Buffer, ms: number): () => void {
  const timer = setInterval(() => {
    if (received().length === 0) client.write(bytes())
  }, ms)
  return () => clearInterval(timer)
}

/** The code of the close frame the server sent first, once it has come. */
async function closeCode(received: () => Buffer): Promise<number> {
  await until(() => received().length >= 4)
  expect(received()[0]).toBe(0x88)
  return received().readUInt16BE(2)
}

describe('ServerSocket', () => {
  it('reads the bytes that came with the handshake first, then the socket', async () => {
    const { client, seen } = await pair(frame(Opcode.text, text('first')))
    client.write(frame(Opcode.text, text('second')))
    await until(() => seen.messages.length === 2)
    expect(seen.messages).toEqual(['first', 'second'])
    client.destroy()
  })

  it('sends text frames, answers a ping with its payload and passes pongs on', async () => {
    const { server, client, seen, received } = await pair()
    server.send('hello')
    client.write(Buffer.concat([frame(Opcode.ping, text('p1')), frame(Opcode.pong, text(''))]))
    await until(() => received().length === 7 + 4 && seen.pongs === 1)
    expect([...received()]).toEqual([0x81, 5, ...text('hello'), 0x8a, 2, ...text('p1')])
    client.destroy()
  })

  it('charges every frame its size on the wire, an empty fragment or a ping as much as a message', async () => {
    const { client, seen } = await pair()
    const frames = [
      frame(Opcode.text, text('{"id":'), { fin: false }),
      ...Array.from({ length: 100 }, () => frame(Opcode.continuation, text(''), { fin: false })),
      frame(Opcode.ping, text('')),
      frame(Opcode.continuation, text('1}')),
    ]
    const wireBytes = frames.reduce((sum, bytes) => sum + bytes.length, 0)
    client.write(Buffer.concat(frames))
    await until(() => seen.messages.length === 1 && seen.charged === wireBytes)
    expect(seen.messages).toEqual(['{"id":1}'])
    client.destroy()
  })

  it('leaves a ping unanswered while more than maxBufferedBytes wait to be sent', async () => {
    const { server, client, received } = await pair(undefined, { maxBufferedBytes: 0 })
    server.raw.cork()
    server.send('held')
    client.write(frame(Opcode.ping, text('p')))
    await new Promise((resolve) => setTimeout(resolve, 100))
    server.raw.uncork()
    await until(() => received().length === 6)
    expect([...received()]).toEqual([0x81, 4, ...text('held')])
    client.destroy()
  })

  it("answers the client's close with its code and ends the TCP connection first", async () => {
    const { server, client, seen, received } = await pair()
    client.write(frame(Opcode.close, Buffer.from([0x03, 0xe8, ...text('bye')])))
    await once(client, 'end')
    expect([...received()]).toEqual([0x88, 2, 0x03, 0xe8])
    expect(server.isOpen).toBe(false)
    client.end()
    await until(() => seen.closed)
  })

  it('cuts a client that sent its close frame but keeps its end of the TCP connection open', async () => {
    const { client, seen } = await pair()
    client.write(frame(Opcode.close, Buffer.from([0x03, 0xe8])))
    await once(client, 'end')
    await until(() => seen.closed)
  })

  it('closes with a code and reason, sends nothing after, and cuts a client that never answers', async () => {
    const { server, seen, received } = await pair()
    server.close(4011, 'no pong')
    server.send('late')
    server.ping()
    await until(() => seen.closed)
    expect([...received()]).toEqual([0x88, 9, 0x0f, 0xab, ...text('no pong')])
  })

  it('fails the connection with the code of a frame that breaks the protocol', async () => {
    const { client, seen, received } = await pair()
    client.write(frame(Opcode.text, text('{}'), { masked: false }))
    await until(() => received().length >= 4)
    expect(received()[0]).toBe(0x88)
    expect(received().readUInt16BE(2)).toBe(1002)
    expect(seen.failures.map((failure) => failure.code)).toEqual([1002])
    await until(() => seen.closed)
  })

  it('ends its side when the client half-closes without a close frame', async () => {
    const { client, seen } = await pair()
    client.end()
    await once(client, 'end')
    await until(() => seen.closed)
  })
})

describe('ServerSocket message timeout', () => {
  it('does not count against a message the time the relay held its socket unread (its receive budget spent)', async () => {
    let server: ServerSocket | undefined
    let held = false
    const pair1 = await pair(undefined, {
      messageTimeoutMs: 200,
      // As the relay's charge for received bytes pauses a socket whose address is over its budget.
      received: () => {
        if (held || !server) return
        held = true
        server.pause()
        setTimeout(() => server?.resume(), 300)
      },
    })
    server = pair1.server
    pair1.client.setNoDelay(true)
    pair1.client.write(frame(Opcode.text, text('{"id":'), { fin: false }))
    await delay(10)
    pair1.client.write(frame(Opcode.continuation, text('1}')))
    await until(() => pair1.seen.messages.length === 1)
    expect(pair1.seen.messages).toEqual(['{"id":1}'])
    expect(pair1.seen.failures).toEqual([])
  })

  it('is not checked while the relay holds the socket unread (its frame queue full)', async () => {
    let got = false
    const pair1 = await pair(undefined, {
      messageTimeoutMs: 100,
      received: () => {
        got = true
        pair1.server.pause()
      },
    })
    pair1.client.write(frame(Opcode.text, text('{"id":'), { fin: false }))
    await until(() => got)
    await delay(150)
    pair1.server.checkMessageTimeout()
    expect(pair1.seen.failures).toEqual([])
    pair1.server.resume()
    pair1.client.write(frame(Opcode.continuation, text('1}')))
    await until(() => pair1.seen.messages.length === 1)
  })

  it('closes with 1008 a client that sends the first fragment of a message and then only pongs, once messageTimeoutMs has passed', async () => {
    const { client, seen, received } = await pair(undefined, { messageTimeoutMs: 200 })
    const started = performance.now()
    client.write(frame(Opcode.text, text('{"id":'), { fin: false }))
    const stop = keepWriting(client, received, () => frame(Opcode.pong, text('')), 20)
    try {
      expect(await closeCode(received)).toBe(1008)
    } finally {
      stop()
    }
    expect(performance.now() - started).toBeGreaterThanOrEqual(200)
    expect(seen.pongs).toBeGreaterThan(0)
    expect(seen.messages).toEqual([])
    expect(seen.failures.map((failure) => failure.code)).toEqual([1008])
    await until(() => seen.closed)
  })

  it("closes with 1008 a client trickling one frame's payload byte by byte past messageTimeoutMs", async () => {
    const { client, seen, received } = await pair(undefined, { messageTimeoutMs: 200 })
    client.setNoDelay(true)
    const bytes = frame(Opcode.text, Buffer.alloc(100, 0x61))
    client.write(bytes.subarray(0, 6))
    let next = 6
    const stop = keepWriting(client, received, () => bytes.subarray(next, ++next), 20)
    try {
      expect(await closeCode(received)).toBe(1008)
    } finally {
      stop()
    }
    expect(next).toBeLessThan(bytes.length)
    expect(seen.messages).toEqual([])
    await until(() => seen.closed)
  })

  it('closes with 1008, at the first check past messageTimeoutMs, a client gone silent in the middle of a message', async () => {
    const { server, client, seen, received } = await pair(undefined, { messageTimeoutMs: 100 })
    client.write(frame(Opcode.text, text('{"id":'), { fin: false }))
    await until(() => seen.charged > 0)
    server.checkMessageTimeout()
    expect(server.isOpen).toBe(true)
    await delay(150)
    server.checkMessageTimeout()
    expect(await closeCode(received)).toBe(1008)
    await until(() => seen.closed)
  })

  it('delivers fragmented messages sent in pieces within messageTimeoutMs, each timed from its own first byte', async () => {
    const { server, client, seen } = await pair(undefined, { messageTimeoutMs: 1000 })
    client.setNoDelay(true)
    const pieces = (first: string, second: string, third: string) => [
      frame(Opcode.text, text(first), { fin: false }),
      Buffer.concat([frame(Opcode.pong, text('')), frame(Opcode.continuation, text(second), { fin: false })]),
      frame(Opcode.continuation, text(third)),
    ]
    // The second message ends 1,200 ms after the first began, 600 ms after its own first byte.
    for (const piece of [...pieces('{"id"', ':', '1}'), ...pieces('{"id"', ':', '2}')]) {
      client.write(piece)
      await delay(200)
    }
    await until(() => seen.messages.length === 2)
    expect(seen.messages).toEqual(['{"id":1}', '{"id":2}'])
    // Nothing is held once a message is whole: no check after it closes the socket, however late.
    await delay(500)
    server.checkMessageTimeout()
    expect(server.isOpen).toBe(true)
    expect(seen.failures).toEqual([])
    client.destroy()
  })
})
