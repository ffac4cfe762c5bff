import WebSocket from 'isomorphic-ws'
import { MAX_FRAME_BYTES } from '../protocol/index.js'

export type SocketEvents = {
  onOpen(): void
  onMessage(text: string): void
  onClose(code: number, reason: string): void
  onError(error: Error): void
  /** A ping or pong frame arrived; reported only by sockets that can see control frames. */
  onActivity(): void
}

/** The little the client needs from a WebSocket, so tests and mock relays can supply their own. */
export type RelaySocket = {
  send(text: string): void
  close(code: number, reason: string): void
  /** Drops the connection at once: a dead peer would never answer a closing handshake. */
  terminate(): void
  /** Sends a WebSocket ping where the platform allows it (Node); browsers cannot. */
  ping(): void
  /** Whether pings and pongs are visible, i.e. whether silence really means a dead connection. */
  readonly seesControlFrames: boolean
}

/** Opens a socket to `url` and reports its events; must not call `events` synchronously. */
export type SocketFactory = (url: string, events: SocketEvents) => RelaySocket

// Handlers declared through a method type are compared bivariantly, so the DOM's, `ws`'s and
// mock-socket's differently typed event objects all fit one interface.
type Handler<Event> = { handle(event: Event): void }['handle'] | null

/** The standard WebSocket surface shared by browsers, `ws` and mock-socket. */
export interface WebSocketLike {
  readonly readyState: number
  binaryType: string
  send(data: string): void
  close(code?: number, reason?: string): void
  onopen: Handler<unknown>
  onmessage: Handler<{ data: unknown }>
  onclose: Handler<{ code: number; reason: string }>
  onerror: Handler<unknown>
}

export type WebSocketConstructor = new (url: string) => WebSocketLike

type NodeSocket = WebSocketLike & {
  on(event: 'ping' | 'pong', listener: () => void): unknown
  ping(): void
  terminate(): void
}

// `ws` on Node exposes control frames and a hard close; browser sockets handle pings out of sight.
function isNodeSocket(socket: WebSocketLike): socket is NodeSocket {
  const members = socket as unknown as Record<string, unknown>
  return ['on', 'ping', 'terminate'].every((name) => typeof members[name] === 'function')
}

function frameText(data: unknown): string | undefined {
  if (typeof data === 'string') return data
  if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) return new TextDecoder().decode(data)
  return undefined
}

function errorMessage(event: unknown): string {
  const message = (event as { message?: unknown } | null | undefined)?.message
  return (typeof message === 'string' && message) || 'WebSocket error'
}

const OPEN = 1

/** Adapts any standard WebSocket class (a mock relay's, for one) to the client's socket interface. */
export function webSocketFactory(WebSocketClass: WebSocketConstructor): SocketFactory {
  return (url, events) => adapt(new WebSocketClass(url), events)
}

/**
 * The largest frame the client reads. A relay frame carries one message (`MAX_MESSAGE_BYTES`) with an
 * attestation, or a fetched page of up to `MAX_FRAME_BYTES` of envelopes with each one's topic, timestamps
 * and attestation beside them; twice the frame cap leaves room for those. `ws` holds a frame whole before
 * handing it over, so without a cap a relay could make a client hold 100 MiB (`ws`'s default) at once.
 */
export const MAX_RECEIVED_FRAME_BYTES = 2 * MAX_FRAME_BYTES

/**
 * isomorphic-ws: the `ws` package on Node, which closes the socket (1009) on a frame past
 * `MAX_RECEIVED_FRAME_BYTES`, and the global WebSocket in browsers, which has no such option and ignores it.
 */
export const openWebSocket: SocketFactory = (url, events) =>
  adapt(new WebSocket(url, undefined, { maxPayload: MAX_RECEIVED_FRAME_BYTES }), events)

function adapt(socket: WebSocketLike, events: SocketEvents): RelaySocket {
  socket.binaryType = 'arraybuffer'
  socket.onopen = () => events.onOpen()
  socket.onmessage = (event) => {
    const text = frameText(event.data)
    if (text === undefined) events.onError(new Error('the relay sent a frame that is not text'))
    else events.onMessage(text)
  }
  socket.onclose = (event) => events.onClose(event.code, event.reason)
  socket.onerror = (event) => events.onError(new Error(errorMessage(event)))
  const node = isNodeSocket(socket)
  if (node) {
    socket.on('ping', () => events.onActivity())
    socket.on('pong', () => events.onActivity())
  }
  return {
    send: (text) => socket.send(text),
    close: (code, reason) => socket.close(code, reason),
    terminate: () => (node ? socket.terminate() : socket.close()),
    ping: () => {
      if (node && socket.readyState === OPEN) socket.ping()
    },
    seesControlFrames: node,
  }
}
