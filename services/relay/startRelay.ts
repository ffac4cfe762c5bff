import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { andThen, type Eventually } from '@pairwise/common'
import { RelayCloseCode } from '@pairwise/relay'
import {
  anonymousClientId,
  audienceMatcher,
  consoleLogger,
  describeError,
  jwtAuthenticator,
  type Logger,
  type RelayAuthenticator,
  RelayCore,
  type RelayLimits,
  type RelayStats,
  truncate,
} from '@pairwise/relay/core'
import {
  answerMetrics,
  clientAddress,
  clientKey,
  createSafeServer,
  HttpError,
  listen,
  type MetricsAccess,
  MetricsRegistry,
  noTrustedProxies,
  type ReadinessAnswer,
  readiness,
  refuseUpgrade,
  requestTarget,
  safeUpgrade,
  type TrustedProxies,
} from '../kit/index.js'
import { openBackend } from './backend.js'
import { verifyRelayJwtNatively } from './nativeEd25519.js'
import { ownRelayUrls, relayUrl } from './relayUrls.js'
import { relaySocketsPerClient } from './socketsPerClient.js'
import { SpreadPings } from './spreadPings.js'
import type { SqliteSync } from './sqliteStore.js'
import type { RelayStoreSpec } from './storeSpec.js'
import { TurnWrites } from './turnWrites.js'
import { acceptHandshake } from './websocket/handshake.js'
import { ServerSocket } from './websocket/serverSocket.js'

export type StartRelayOptions = {
  /** 0 lets the OS pick a free port; read it back from the result. */
  port: number
  /** Defaults to 127.0.0.1: a relay is reachable from elsewhere only when asked for. */
  host?: string
  /** Mailboxes of a single node; defaults to memory. Not combinable with `redisUrl`. */
  store?: RelayStoreSpec
  /** With a SQLite store: `full` also survives a power cut, at a fsync per publish. Default `normal`. */
  sqliteSync?: SqliteSync
  /** Share subscriptions, mailboxes and per-address connection counts with every relay node using this Redis. */
  redisUrl?: string
  /** Key and channel prefix in Redis, so deployments can share one server. */
  redisPrefix?: string
  /**
   * Refuse the WebSocket upgrade (HTTP 401) when the relay JWT does not verify. When false (the
   * default) the refusal is only logged and the socket gets an anonymous client id of its own; the
   * official clients never say why a relay refused them, so in development logging is more useful.
   */
  rejectBadAuth?: boolean
  /** JWT audiences accepted besides this relay's own URLs, e.g. its public `wss://` URL behind a proxy. */
  allowedAudiences?: string[]
  /** Replaces the relay JWT check. */
  authenticate?: RelayAuthenticator
  /** Defaults to JSON lines on stderr at `info`. */
  logger?: Logger
  /** The proxies whose `X-Forwarded-For` names the client for the per-IP caps; nobody by default. */
  trustProxy?: TrustedProxies
  /** Who may read `GET /metrics` (sockets, subscriptions, mailbox depth, messages, refusals); nobody by default. */
  metrics?: MetricsAccess
  /** Abuse limits; each unset one takes its default (README, "Relay limits"). */
  limits?: Partial<RelayLimits>
  /**
   * WebSocket pings keep Node clients (which drop a socket silent for 35 s) connected; a socket that
   * has not answered the previous ping with a pong when the next is due is closed with 4011.
   */
  pingIntervalMs?: number
  /**
   * How long a client's message (all its fragments, or one frame's payload) may take to arrive, from its
   * first byte; past it the socket is closed with 1008 and what was held of the message is freed. Checked as
   * bytes come and in the socket's ping slot, so a client gone silent is closed up to a ping interval later.
   */
  messageTimeoutMs?: number
  ackTimeoutMs?: number
  sweepIntervalMs?: number
  now?: () => number
}

export type RelayServerStats = RelayStats & {
  /** Upgrades whose token did not verify, refused or let in anonymously. */
  authRefused: number
  /** Sockets closed because they answered no ping for a whole interval. */
  pingTimeouts: number
  /** Upgrades refused for the connection caps, per address (429) or in total (503). */
  connectionsRefused: number
  /** Sockets closed because more bytes waited to be sent to them than `maxOutputBufferBytes`. */
  outputBufferCloses: number
}

export type RelayHealth = RelayServerStats & {
  status: 'ok' | 'degraded' | 'closing'
  node: string
  store: 'memory' | 'sqlite' | 'redis'
  /** Messages held in the store; null when the store could not be asked. */
  mailbox: number | null
  /** Why the store's last write failed (a full disk, say), until one succeeds again; then null. */
  storeError: string | null
  uptimeSeconds: number
}

export type RunningRelay = {
  /** `ws://host:port`, what clients use as `relayUrl`. */
  readonly url: string
  readonly port: number
  readonly host: string
  /** Names this node in logs, health and Redis announcements. */
  readonly nodeId: string
  stats(): RelayServerStats
  health(): Promise<RelayHealth>
  /** Stops accepting, finishes what is in progress, closes sockets with 1012 and flushes the store. */
  close(): Promise<void>
}

const DEFAULT_PING_INTERVAL_MS = 15_000
// A frame of maxFrameBytes (1 MiB) takes some 17 s over a poor mobile uplink of 0.5 Mbit/s, so this leaves
// room for it; it bounds in time what the size caps bound in bytes (maxConnectionsPerIp × maxFrameBytes).
const DEFAULT_MESSAGE_TIMEOUT_MS = 30_000
const FRAME_MARGIN_BYTES = 64 * 1024
// Sockets that ignore the closing handshake are cut after this.
const SOCKET_CLOSE_GRACE_MS = 1000

/** Starts one relay node: WebSocket JSON-RPC on `/`, `GET /health` beside it. */
export async function startRelay(options: StartRelayOptions): Promise<RunningRelay> {
  const logger = options.logger ?? consoleLogger('info')
  const host = options.host ?? '127.0.0.1'
  const now = options.now ?? (() => Date.now())
  const nodeId = randomUUID()
  const startedAt = now()
  const backend = await openBackend(options, nodeId, logger)
  const core = new RelayCore({
    store: backend.store,
    fanout: backend.fanout,
    logger,
    now,
    ...(options.limits ? { limits: options.limits } : {}),
    ...(options.ackTimeoutMs === undefined ? {} : { ackTimeoutMs: options.ackTimeoutMs }),
    ...(options.sweepIntervalMs === undefined ? {} : { sweepIntervalMs: options.sweepIntervalMs }),
  })
  const counters = { authRefused: 0, pingTimeouts: 0, connectionsRefused: 0, outputBufferCloses: 0 }
  const { limits } = core
  const authenticate = options.authenticate ?? jwtAuthenticator(verifyRelayJwtNatively)
  const rejectBadAuth = options.rejectBadAuth ?? false
  const trustProxy = options.trustProxy ?? noTrustedProxies
  // Frames a little over the limit still get a JSON-RPC error from the core; beyond, the socket fails with
  // 1009. What is held of a message still arriving is bounded by this too, per socket.
  const maxMessageBytes = core.limits.maxFrameBytes + FRAME_MARGIN_BYTES
  const messageTimeoutMs = options.messageTimeoutMs ?? DEFAULT_MESSAGE_TIMEOUT_MS
  // Open sockets, handshake answered, until their TCP connection is gone.
  const sockets = new Set<ServerSocket>()
  // Sockets pinged and not answered with a pong since; one still here at the next ping is dead. Only a
  // pong counts: a client can send frames without reading anything.
  const unanswered = new Set<ServerSocket>()
  // Upgrading and open sockets in total (this node's own resource), for the connection cap; per remote
  // address they are in `backend.connections`, shared by every node with Redis.
  let socketCount = 0
  let closing: Promise<void> | undefined

  const stats = (): RelayServerStats => ({ ...core.stats(), ...counters })
  const health = async (): Promise<RelayHealth> => {
    let mailbox: number | null = null
    try {
      mailbox = await core.mailboxSize()
    } catch (error) {
      logger.error('health check could not read the store', { error: describeError(error) })
    }
    const storeError = backend.writeError() ?? null
    return {
      status: closing ? 'closing' : mailbox === null || storeError !== null ? 'degraded' : 'ok',
      node: nodeId,
      store: backend.kind,
      mailbox,
      storeError,
      uptimeSeconds: Math.round((now() - startedAt) / 1000),
      ...stats(),
    }
  }

  // What a load balancer asks before sending a node clients: it takes connections and its store answers.
  const ready = () =>
    readiness(
      {
        accepting: () => {
          if (closing) throw new Error('the relay is shutting down')
        },
        store: async () => {
          await core.mailboxSize()
          const storeError = backend.writeError()
          if (storeError) throw new Error(storeError)
        },
      },
      logger,
    )
  const serverOptions = {
    name: 'relay',
    logger,
    maxSocketsPerClient: relaySocketsPerClient(limits),
    trustProxy,
  }
  const metrics = { registry: relayMetrics(stats, () => core.mailboxSize()), access: options.metrics }
  const http = createSafeServer(
    (request, response) => answerHttp(request, response, health, ready, metrics),
    serverOptions,
  )
  try {
    await listen(http, options.port, host)
  } catch (error) {
    await core.close()
    await backend.connections.close()
    throw error
  }
  const { port } = http.address() as AddressInfo
  const url = relayUrl(host, port)
  const acceptsAudience = audienceMatcher(ownRelayUrls(host, port), options.allowedAudiences)

  const turnWrites = new TurnWrites()
  // The socket's writes are gathered per turn (see TurnWrites) and counted in `bufferedAmount` meanwhile.
  const attach = (raw: Duplex, head: Buffer, clientId: string, address: string) => {
    const socket: ServerSocket = new ServerSocket(raw, {
      maxMessageBytes,
      messageTimeoutMs,
      closeGraceMs: SOCKET_CLOSE_GRACE_MS,
      maxBufferedBytes: limits.maxOutputBufferBytes,
      message: (text) => session.receiveCharged(text),
      received: (bytes) => session.charge(bytes),
      pong: () => unanswered.delete(socket),
      failed: (failure) =>
        logger.warn('client broke the WebSocket protocol or its time bound; connection failed', {
          clientId,
          code: failure.code,
          error: failure.message,
        }),
      closed: () => {
        sockets.delete(socket)
        unanswered.delete(socket)
        session.closed()
      },
    })
    const session = core.open(
      clientId,
      {
        send: (text) => {
          if (!socket.isOpen) return false
          turnWrites.hold(raw)
          socket.send(text)
          // What the client has not taken yet stays in our memory: a client that stops reading is cut
          // off here, as Redis does with its client-output-buffer-limit.
          if (socket.bufferedAmount > limits.maxOutputBufferBytes) {
            counters.outputBufferCloses++
            logger.warn('client not reading; connection closed', {
              clientId,
              remote: address,
              code: RelayCloseCode.outputBufferFull,
              unsentBytes: socket.bufferedAmount,
            })
            socket.close(RelayCloseCode.outputBufferFull, 'output buffer full')
            // Queued behind what the client is not reading, and cut with the socket after the grace: not
            // handed over, so a fetched page it carried stays undelivered.
            return false
          }
          return true
        },
        close: (code, reason) => socket.close(code, reason),
        pause: () => socket.pause(),
        resume: () => socket.resume(),
      },
      address,
    )
    sockets.add(socket)
    socket.start(head)
  }

  const refuse = (address: string, total: boolean): never => {
    counters.connectionsRefused++
    logger.warn('connection refused at its cap', { remote: address, total })
    throw total
      ? new HttpError(503, `the relay is at its limit of ${limits.maxConnections} connections`)
      : new HttpError(429, `at most ${limits.maxConnectionsPerIp} connections per address`)
  }
  // Counted at once in memory; with Redis the socket holds its place in the total while the address is
  // counted, and gives it back if it is refused, the count fails or the client left meanwhile.
  const admit = (address: string, socket: Duplex): Eventually<void> => {
    if (socketCount >= limits.maxConnections) refuse(address, true)
    socketCount++
    const counted = (admitted: boolean) => {
      if (!admitted) {
        socketCount--
        refuse(address, false)
      }
      const release = () => {
        socketCount--
        backend.connections.release(address)
      }
      if (socket.destroyed) {
        release()
        throw new HttpError(400, 'the client left before its connection was counted')
      }
      socket.once('close', release)
    }
    const admitted = backend.connections.admit(address, limits.maxConnectionsPerIp)
    if (!(admitted instanceof Promise)) return counted(admitted)
    return admitted.then(counted, (error: unknown) => {
      socketCount--
      throw error
    })
  }

  const upgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (closing) return refuseUpgrade(socket, 503, 'the relay is shutting down')
    // Every per-address cap, here and in the core, counts the client a trusted proxy names, not the proxy,
    // and an IPv6 client by its /64: one host is given a whole /64, so single addresses would be billions.
    const address = clientKey(
      clientAddress(request.socket.remoteAddress, request.headers['x-forwarded-for'], trustProxy),
    )
    // Before the token is checked: refusing costs no signature verification, and every socket counts,
    // a token that does not verify (an anonymous client id of its own) included.
    return andThen(admit(address, socket), () => accept(request, socket, head, address))
  }

  const accept = (request: IncomingMessage, socket: Duplex, head: Buffer, address: string) => {
    // Shutting down began while Redis counted the address.
    if (closing) throw new HttpError(503, 'the relay is shutting down')
    // Before the token: a handshake that is not one is refused without a signature verified.
    const switching = acceptHandshake(request)
    const query = requestTarget(request, 'ws://relay').searchParams
    const outcome = authenticate(query.get('auth') ?? undefined, { acceptsAudience, now: now() })
    if (!outcome.ok) {
      counters.authRefused++
      logger.warn(
        rejectBadAuth ? 'relay auth refused; upgrade rejected' : 'relay auth refused; let in anonymously',
        {
          reason: truncate(outcome.reason),
          remote: address,
          ua: truncate(query.get('ua') ?? ''),
        },
      )
      if (rejectBadAuth) throw new HttpError(401, outcome.reason)
    }
    const clientId = outcome.ok ? outcome.clientId : anonymousClientId()
    // The client may have left while it was counted; its socket then never closes again for us to see.
    if (socket.destroyed || !socket.writable) {
      socket.destroy()
      return
    }
    socket.write(switching)
    logger.debug('client connected', { clientId, ua: truncate(query.get('ua') ?? '') })
    attach(socket, head, clientId, address)
  }
  http.on('upgrade', safeUpgrade(upgrade, serverOptions))

  const pinger = new SpreadPings(
    sockets,
    (socket) => {
      if (closing || !socket.isOpen) return
      // The check for a client silent in the middle of a message; one still sending is checked as bytes come.
      socket.checkMessageTimeout()
      if (!socket.isOpen) return
      if (unanswered.has(socket)) {
        counters.pingTimeouts++
        logger.info('no pong to the last ping; connection closed', { code: RelayCloseCode.pingTimeout })
        socket.close(RelayCloseCode.pingTimeout, 'no pong to the last ping')
        return
      }
      unanswered.add(socket)
      socket.ping()
    },
    options.pingIntervalMs ?? DEFAULT_PING_INTERVAL_MS,
  )

  logger.info('relay listening', { url, node: nodeId, store: backend.kind })

  const shutDown = async () => {
    pinger.stop()
    const httpClosed = new Promise<void>((resolve) => http.close(() => resolve()))
    http.closeIdleConnections()
    await core.close()
    await socketsClosed(sockets, SOCKET_CLOSE_GRACE_MS)
    http.closeAllConnections()
    await httpClosed
    await backend.connections.close()
    logger.info('relay stopped', { url, node: nodeId })
  }

  return {
    url,
    port,
    host,
    nodeId,
    stats,
    health,
    close() {
      closing ??= shutDown()
      return closing
    },
  }
}

async function answerHttp(
  request: IncomingMessage,
  response: ServerResponse,
  health: () => Promise<RelayHealth>,
  ready: () => Promise<ReadinessAnswer>,
  metrics: { registry: MetricsRegistry; access: MetricsAccess | undefined },
): Promise<void> {
  const { pathname } = requestTarget(request)
  if (request.method === 'GET' && pathname === '/metrics' && metrics.access) {
    const answer = await answerMetrics(metrics.registry, metrics.access, request.headers.authorization)
    response.writeHead(answer.status, answer.headers).end(answer.body)
    return
  }
  if (request.method === 'GET' && (pathname === '/health' || pathname === '/ready')) {
    const { status, body } =
      pathname === '/ready'
        ? await ready()
        : await health().then((body) => ({ status: body.status === 'degraded' ? 503 : 200, body }))
    response
      .writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
      .end(JSON.stringify(body))
    return
  }
  if (request.method === 'GET' && pathname === '/') {
    response
      .writeHead(426, { 'content-type': 'text/plain', upgrade: 'websocket' })
      .end('This is a Pairwise WalletConnect relay: connect with a WebSocket. Health: GET /health\n')
    return
  }
  response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n')
}

/** Waits for every socket to finish its closing handshake, then cuts the ones that did not. */
async function socketsClosed(sockets: ReadonlySet<ServerSocket>, graceMs: number): Promise<void> {
  const closed = [...sockets].map((socket) => new Promise((resolve) => socket.raw.once('close', resolve)))
  await Promise.race([Promise.all(closed), delay(graceMs)])
  for (const socket of sockets) socket.terminate()
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref())
}

/** What `GET /metrics` reports for a relay node: its stats and its store's depth, read when scraped. */
function relayMetrics(stats: () => RelayServerStats, mailboxSize: () => Promise<number>): MetricsRegistry {
  const registry = new MetricsRegistry()
  const gauges = {
    pairwise_relay_sockets: ['WebSocket connections open now.', 'connections'],
    pairwise_relay_topics: ['Topics with a subscriber on this node now.', 'topics'],
    pairwise_relay_subscriptions: ['Subscriptions held by this node now.', 'subscriptions'],
  } as const
  for (const [name, [help, key]] of Object.entries(gauges)) registry.gauge(name, help, () => stats()[key])
  registry.gauge(
    'pairwise_relay_mailbox_messages',
    'Messages held in the store (mailbox depth).',
    mailboxSize,
  )
  const totals = {
    pairwise_relay_messages_stored_total: ['Messages accepted into a mailbox.', 'messagesStored'],
    pairwise_relay_messages_delivered_total: ['Deliveries acknowledged or fetched.', 'messagesDelivered'],
    pairwise_relay_messages_expired_total: ['Messages dropped at the end of their TTL.', 'messagesExpired'],
    pairwise_relay_error_responses_total: [
      'JSON-RPC error answers, rate-limit refusals included.',
      'errorResponses',
    ],
    pairwise_relay_auth_refused_total: ['Upgrades whose token did not verify.', 'authRefused'],
    pairwise_relay_connections_refused_total: [
      'Upgrades refused by the connection caps.',
      'connectionsRefused',
    ],
  } as const
  for (const [name, [help, key]] of Object.entries(totals))
    registry.counterFrom(name, help, () => stats()[key])
  return registry
}
