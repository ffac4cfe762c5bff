// Browsers hide WebSocket pings, so silence alone cannot prove a browser socket dead: a half-open
// connection, or a proxy that takes frames and passes none on, shows only as requests left unanswered.
import { type AddressInfo, createServer, type Socket } from 'node:net'
import { type Client, WebSocket as MockWebSocket, Server } from 'mock-socket'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openWebSocket, type SocketFactory, webSocketFactory } from '../../../relay/client/index.js'
import { clientFactory, collect, delay, nextEvent, randomTopic, until } from './helpers.js'

type Frame = { id: string; method?: string }

let server: Server
let url: string
/** Every socket the relay accepted, with the frames it read; `answering` leaves out those it swallows. */
let sockets: { socket: Client; frames: Frame[] }[]
let answering: (frame: Frame, socketIndex: number) => boolean
const clients = clientFactory()

beforeEach(() => {
  url = `ws://stalled-${randomTopic().slice(0, 12)}.pairwise.test`
  sockets = []
  answering = () => true
  server = new Server(url)
  server.on('connection', (socket) => {
    const index = sockets.push({ socket, frames: [] }) - 1
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as Frame
      sockets[index]?.frames.push(frame)
      if (frame.method !== undefined && answering(frame, index))
        socket.send(JSON.stringify({ id: frame.id, jsonrpc: '2.0', result: resultFor(frame) }))
    })
  })
})

afterEach(async () => {
  await clients.closeAll()
  server.stop()
})

function resultFor({ method }: Frame): unknown {
  if (method === 'irn_subscribe') return 'sub-id'
  return true
}

function createClient(requestTimeoutMs: number) {
  return clients.create(url, {
    createSocket: webSocketFactory(MockWebSocket),
    timings: { requestTimeoutMs },
  })
}

/** A real socket the client takes for a browser's, which cannot see pings. */
const browserSocket: SocketFactory = (url, events) => ({
  ...openWebSocket(url, events),
  seesControlFrames: false,
})

const silenceTimings = { heartbeatIntervalMs: 20, heartbeatTimeoutMs: 120 }

const publishParams = () => ({ topic: randomTopic(), message: 'AAAA', ttl: 300, tag: 1108 })

describe('a socket that cannot see pings', () => {
  it('is given up once a request sent on it gets no answer and nothing else arrives, and the calls still waiting are resent on a new one', async () => {
    answering = (_frame, socketIndex) => socketIndex > 0
    const client = createClient(500)
    await client.connect()
    const disconnected = nextEvent(client, 'disconnect')
    const subscribed = client.subscribe(randomTopic()).catch((error: unknown) => error)
    // Made later, so its own deadline is still ahead when the first socket is given up.
    await delay(250)
    const published = client.publish(publishParams())
    expect(await subscribed).toMatchObject({ code: 'REQUEST_TIMEOUT' })
    expect(await disconnected).toEqual({ code: 1006, reason: 'no answer from the relay' })
    await published
    expect(sockets).toHaveLength(2)
    expect(sockets[1]?.frames.map(({ method }) => method)).toEqual(['irn_publish'])
  })

  it('is kept when it answered other calls while one went unanswered', async () => {
    answering = ({ method }) => method !== 'irn_subscribe'
    const client = createClient(300)
    await client.connect()
    const disconnects = collect(client, 'disconnect')
    const subscribed = client.subscribe(randomTopic()).catch((error: unknown) => error)
    await client.publish(publishParams())
    expect(await subscribed).toMatchObject({ code: 'REQUEST_TIMEOUT' })
    await delay(50)
    expect(disconnects).toEqual([])
    expect(sockets).toHaveLength(1)
    expect(client.connected).toBe(true)
  })

  it('is dropped only once when several calls on it time out together', async () => {
    answering = (_frame, socketIndex) => socketIndex > 0
    const client = createClient(200)
    await client.connect()
    const disconnects = collect(client, 'disconnect')
    const failed = Promise.all(
      [1, 2, 3].map(() => client.publish(publishParams()).catch((error: unknown) => error)),
    )
    expect(await failed).toEqual([1, 2, 3].map(() => expect.objectContaining({ code: 'REQUEST_TIMEOUT' })))
    await until(() => client.connected)
    await delay(50)
    expect(disconnects).toHaveLength(1)
    expect(sockets).toHaveLength(2)
  })

  it('is given up when its opening handshake gets no answer within the heartbeat timeout, and redialled', async () => {
    // Accepts the TCP connection and reads the upgrade request, but never answers it.
    const stalled: Socket[] = []
    const tcp = createServer((socket) => stalled.push(socket))
    await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = tcp.address() as AddressInfo
      const client = clients.create(`ws://127.0.0.1:${port}`, {
        createSocket: browserSocket,
        timings: silenceTimings,
      })
      client.connect().catch(() => {})
      await until(() => stalled.length >= 2)
      expect(client.connected).toBe(false)
    } finally {
      await clients.closeAll()
      for (const socket of stalled) socket.destroy()
      await new Promise((resolve) => tcp.close(resolve))
    }
  })

  it('is kept through silence past the heartbeat timeout once its handshake is done', async () => {
    const client = clients.create(url, {
      createSocket: webSocketFactory(MockWebSocket),
      timings: silenceTimings,
    })
    await client.connect()
    const disconnects = collect(client, 'disconnect')
    await delay(400)
    expect(disconnects).toEqual([])
    expect(sockets).toHaveLength(1)
  })
})
