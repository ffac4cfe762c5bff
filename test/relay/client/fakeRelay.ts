import type { AddressInfo } from 'node:net'
import { type WebSocket, WebSocketServer } from 'ws'

export type ReceivedFrame = {
  /** The frame text exactly as it arrived, to check ids digit for digit. */
  text: string
  id?: unknown
  method?: string
  params?: Record<string, unknown>
  result?: unknown
}

export type Connection = { socket: WebSocket; url: URL }

/** Decides the answer to one request; `undefined` leaves it unanswered. */
export type Responder = (frame: ReceivedFrame, connection: Connection) => unknown

type Waiter = { match(frame: ReceivedFrame): boolean; resolve(frame: ReceivedFrame): void }

/**
 * A tiny relay for client tests: answers requests, routes publishes to the other subscribers of a topic
 * (never back to the publisher), and lets a test refuse connections, drop sockets or push raw frames.
 */
export class FakeRelay {
  readonly url: string
  readonly received: ReceivedFrame[] = []
  readonly connections: Connection[] = []
  refusing = false
  respond: Responder = defaultResponder
  readonly #server: WebSocketServer
  readonly #subscriptions = new Map<WebSocket, Set<string>>()
  #waiters: Waiter[] = []
  #pushId = 1_732_170_000_000_000_000n

  private constructor(server: WebSocketServer) {
    this.#server = server
    const { port } = server.address() as AddressInfo
    this.url = `ws://127.0.0.1:${port}`
    server.on('connection', (socket, request) => this.#accept(socket, new URL(request.url ?? '/', this.url)))
  }

  static start(options: { autoPong?: boolean } = {}): Promise<FakeRelay> {
    return new Promise((resolve, reject) => {
      let relay: FakeRelay | undefined
      const server = new WebSocketServer({
        host: '127.0.0.1',
        port: 0,
        autoPong: options.autoPong ?? true,
        verifyClient: (_info, done) => done(relay !== undefined && !relay.refusing, 503),
      })
      server.once('error', reject)
      server.once('listening', () => {
        relay = new FakeRelay(server)
        resolve(relay)
      })
    })
  }

  get openConnections(): Connection[] {
    return this.connections.filter(({ socket }) => socket.readyState === socket.OPEN)
  }

  /** Resolves with the first frame, past or future, that matches. */
  frame(match: (frame: ReceivedFrame) => boolean, timeoutMs = 5_000): Promise<ReceivedFrame> {
    const seen = this.received.find(match)
    if (seen !== undefined) return Promise.resolve(seen)
    return this.nextFrame(match, timeoutMs)
  }

  /** Resolves with the next frame to arrive that matches. */
  nextFrame(match: (frame: ReceivedFrame) => boolean, timeoutMs = 5_000): Promise<ReceivedFrame> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('fake relay: no matching frame in time')), timeoutMs)
      this.#waiters.push({
        match,
        resolve: (frame) => {
          clearTimeout(timer)
          resolve(frame)
        },
      })
    })
  }

  framesFor(method: string): ReceivedFrame[] {
    return this.received.filter((frame) => frame.method === method)
  }

  /** Sends raw text to every open connection. */
  pushRaw(text: string): void {
    for (const { socket } of this.openConnections) socket.send(text)
  }

  /** A relay→client message push with a 19-digit numeric id, as big-id relays send. */
  pushMessage(data: { topic: string; message: string; tag?: number; publishedAt?: number }): string {
    const id = (this.#pushId++).toString()
    this.pushRaw(
      `{"id":${id},"jsonrpc":"2.0","method":"irn_subscription","params":{"id":"sub","data":${JSON.stringify({
        tag: 1108,
        publishedAt: 1_732_170_000_000,
        ...data,
      })}}}`,
    )
    return id
  }

  /** Kills every socket without a closing handshake, as a crashed relay would. */
  dropAll(): void {
    for (const { socket } of this.connections) socket.terminate()
  }

  close(): Promise<void> {
    this.dropAll()
    return new Promise((resolve) => this.#server.close(() => resolve()))
  }

  #accept(socket: WebSocket, url: URL): void {
    const connection = { socket, url }
    this.connections.push(connection)
    this.#subscriptions.set(socket, new Set())
    socket.on('message', (data) => this.#onFrame(connection, data.toString()))
    socket.on('close', () => this.#subscriptions.delete(socket))
  }

  #onFrame(connection: Connection, text: string): void {
    const frame: ReceivedFrame = { text, ...JSON.parse(text) }
    this.received.push(frame)
    const waiting = this.#waiters.filter((waiter) => waiter.match(frame))
    this.#waiters = this.#waiters.filter((waiter) => !waiting.includes(waiter))
    for (const waiter of waiting) waiter.resolve(frame)
    if (frame.method === undefined) return
    this.#track(connection.socket, frame)
    const result = this.respond(frame, connection)
    if (result !== undefined) connection.socket.send(JSON.stringify({ id: frame.id, jsonrpc: '2.0', result }))
  }

  #track(socket: WebSocket, { method, params = {} }: ReceivedFrame): void {
    const topics = this.#subscriptions.get(socket)
    if (topics === undefined) return
    if (method === 'irn_subscribe') topics.add(String(params.topic))
    if (method === 'irn_batchSubscribe' && Array.isArray(params.topics))
      for (const t of params.topics) topics.add(String(t))
    if (method === 'irn_unsubscribe') topics.delete(String(params.topic))
    if (method === 'wc_proposeSession') topics.add(String(params.pairingTopic))
    if (method === 'wc_approveSession') topics.add(String(params.sessionTopic))
    if (method === 'irn_publish') {
      for (const [other, subscribed] of this.#subscriptions) {
        if (other === socket || !subscribed.has(String(params.topic))) continue
        other.send(
          JSON.stringify({
            id: (this.#pushId++).toString(),
            jsonrpc: '2.0',
            method: 'irn_subscription',
            params: {
              id: 'sub',
              data: {
                topic: params.topic,
                message: params.message,
                publishedAt: Date.now(),
                tag: params.tag ?? 0,
              },
            },
          }),
        )
      }
    }
  }
}

export const defaultResponder: Responder = ({ method, params = {} }) => {
  switch (method) {
    case 'irn_subscribe':
      return `sub-${String(params.topic).slice(0, 8)}`
    case 'irn_batchSubscribe':
      return Array.isArray(params.topics)
        ? params.topics.map((topic) => `sub-${String(topic).slice(0, 8)}`)
        : []
    case 'irn_fetchMessages':
    case 'irn_batchFetchMessages':
      return { messages: [], hasMore: false }
    case 'irn_subscription':
      return undefined
    default:
      return true
  }
}
