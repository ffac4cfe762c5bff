import { type Client, WebSocket as MockWebSocket, Server } from 'mock-socket'
import {
  anonymousClientId,
  audienceMatcher,
  CLOSE_RESTARTING,
  jwtAuthenticator,
  type RelayAuthenticator,
  RelayCore,
  type RelayCoreOptions,
  type RelayStats,
} from '../core/index.js'

export type MockRelayOptions = RelayCoreOptions & {
  /** Where mock-socket clients connect; must be unique among running mock relays. */
  url?: string
  /**
   * Who a socket is; by default the relay JWT in `?auth=` is verified against `url`. A refused token is
   * logged and the socket gets a random client id, as a relay with `rejectBadAuth: false` would.
   */
  authenticate?: RelayAuthenticator
  /** Also install mock-socket's WebSocket as `globalThis.WebSocket` until `close()`. */
  mockGlobalWebSocket?: boolean
}

export type MockRelay = {
  readonly url: string
  /** mock-socket's WebSocket class; give it to a relay client instead of a real WebSocket. */
  readonly WebSocket: typeof MockWebSocket
  stats(): RelayStats
  /** Closes every client socket (the mailboxes stay) so clients have to reconnect. */
  disconnectAll(code?: number): void
  close(): Promise<void>
}

export const DEFAULT_MOCK_RELAY_URL = 'ws://relay.pairwise.test'

/** The relay core behind a mock-socket `Server`: the real semantics, no network, for fast unit tests. */
export function startMockRelay(options: MockRelayOptions = {}): MockRelay {
  const {
    url = DEFAULT_MOCK_RELAY_URL,
    authenticate = jwtAuthenticator(),
    mockGlobalWebSocket = false,
  } = options
  const core = new RelayCore(options)
  const logger = options.logger
  const acceptsAudience = audienceMatcher([url])
  const now = options.now ?? (() => Date.now())
  const server = new Server(url, { mock: mockGlobalWebSocket })
  const sockets = new Set<Client>()

  server.on('connection', (socket) => {
    const outcome = authenticate(tokenOf(socket.url), { acceptsAudience, now: now() })
    if (!outcome.ok)
      logger?.warn('relay auth refused; continuing with an anonymous client id', { reason: outcome.reason })
    const session = core.open(outcome.ok ? outcome.clientId : anonymousClientId(), {
      send: (text) => socket.send(text),
      close: (code, reason) => socket.close({ code, reason, wasClean: true }),
    })
    sockets.add(socket)
    socket.on('message', (data) => {
      const text = frameText(data)
      if (text !== undefined) session.receive(text)
    })
    socket.on('close', () => {
      sockets.delete(socket)
      session.closed()
    })
  })

  return {
    url,
    WebSocket: MockWebSocket,
    stats: () => core.stats(),
    disconnectAll(code = CLOSE_RESTARTING) {
      for (const socket of sockets)
        socket.close({ code, reason: 'mock relay dropped the connection', wasClean: true })
    },
    async close() {
      await core.close()
      server.stop()
    },
  }
}

function tokenOf(socketUrl: string): string | undefined {
  try {
    return new URL(socketUrl).searchParams.get('auth') ?? undefined
  } catch {
    return undefined
  }
}

function frameText(data: unknown): string | undefined {
  if (typeof data === 'string') return data
  if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) return new TextDecoder().decode(data)
  return undefined
}
