import WebSocket from 'isomorphic-ws'

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

function frameText(data: WebSocket.Data): string {
  if (typeof data === 'string') return data
  const decoder = new TextDecoder()
  if (Array.isArray(data))
    return data.map((chunk) => decoder.decode(chunk, { stream: true })).join('') + decoder.decode()
  return decoder.decode(data)
}

/** isomorphic-ws: the `ws` package on Node, the global WebSocket in browsers. */
export const openWebSocket: SocketFactory = (url, events) => {
  const socket = new WebSocket(url)
  socket.binaryType = 'arraybuffer'
  socket.onopen = () => events.onOpen()
  socket.onmessage = (event) => events.onMessage(frameText(event.data))
  socket.onclose = (event) => events.onClose(event.code, event.reason)
  socket.onerror = (event) => events.onError(new Error(event.message || 'WebSocket error'))
  // Browser sockets have no `on`, and handle pings out of sight.
  const isNodeSocket = typeof socket.on === 'function'
  if (isNodeSocket) {
    socket.on('ping', () => events.onActivity())
    socket.on('pong', () => events.onActivity())
  }
  return {
    send: (text) => socket.send(text),
    close: (code, reason) => socket.close(code, reason),
    terminate: () => (isNodeSocket ? socket.terminate() : socket.close()),
    ping: () => {
      if (isNodeSocket && socket.readyState === WebSocket.OPEN) socket.ping()
    },
    seesControlFrames: isNodeSocket,
  }
}
