import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import type { Logger } from '@pairwise/common'
import { address } from '@solana/kit'
import { type RawData, WebSocket, WebSocketServer } from 'ws'
import { z } from 'zod'
import {
  boundHostCheck,
  clientAddress,
  clientKey,
  createSafeServer,
  refuseUpgrade,
  safeUpgrade,
  type TrustedProxies,
} from '../kit/index.js'
import { encodeAccount } from './accountEncoding.js'
import { MalformedJsonError, parseJsonBody, stringifyJson } from './json.js'
import type { LedgerEvent } from './ledger.js'
import { solanaLimits } from './limits.js'
import {
  accountEncodingParam,
  addressParam,
  commitmentParam,
  parseParams,
  type RpcContext,
} from './rpc/context.js'
import { rpcErrorCodes, SolanaRpcError } from './rpcError.js'

type Subscription =
  | { kind: 'signature'; signature: string }
  | { kind: 'account'; address: string; encoding: z.infer<typeof accountEncodingParam> }
  | { kind: 'slot' }

type Connection = {
  socket: WebSocket
  /** The client address it counts against (an IPv6 one by its /64). */
  client: string
  subscriptions: Map<number, Subscription>
  /** Closes the socket once it has held no subscription for the idle timeout; armed while it holds none. */
  idle: NodeJS.Timeout | undefined
}

export type PubSubOptions = {
  /** Proxies whose X-Forwarded-For names the client the per-address cap counts. */
  trustProxy: TrustedProxies
  /** A connection with no subscription for this long is closed. */
  idleTimeoutMs: number
  logger: Logger
  /** The names it answers to besides loopback's and IP literals (see `allowedHosts`), as the RPC's. */
  names: readonly string[]
}

// A socket that does not finish the closing handshake is cut after this.
const CLOSE_GRACE_MS = 1000

const subscriptionConfig = z
  .looseObject({ commitment: commitmentParam, encoding: accountEncodingParam.optional() })
  .optional()

const notificationNames = {
  signature: 'signatureNotification',
  account: 'accountNotification',
  slot: 'slotNotification',
} as const

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8')
  return Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(new Uint8Array(data)).toString('utf8')
}

/**
 * The PubSub endpoint: signature, account and slot subscriptions, notified from the ledger's events.
 * Every transaction is final at once here, so a signature notification follows its landing immediately.
 */
export class SolanaPubSub {
  readonly server: Server
  private readonly sockets = new WebSocketServer({ noServer: true, maxPayload: solanaLimits.maxWsFrameBytes })
  private readonly connections = new Set<Connection>()
  /** Upgrading and open sockets per client address; their sum is `socketCount`. */
  private readonly perAddress = new Map<string, number>()
  /** Open connections per client address, whose unsent notification bytes are counted together. */
  private readonly byClient = new Map<string, Set<Connection>>()
  private socketCount = 0
  private nextId = 0
  private readonly stopListening: () => void
  // Against DNS rebinding, for upgrades as for requests.
  private readonly hosts: ReturnType<typeof boundHostCheck>

  constructor(
    private readonly context: RpcContext,
    private readonly options: PubSubOptions,
  ) {
    const serverOptions = {
      name: 'solana pubsub',
      logger: options.logger,
      errorFormat: 'json',
      trustProxy: options.trustProxy,
    } as const
    this.hosts = boundHostCheck(options.names)
    this.server = createSafeServer((request, response) => {
      this.hosts.check(request)
      response.writeHead(426, { 'content-type': 'application/json' })
      response.end(stringifyJson({ code: 'UPGRADE_REQUIRED', message: 'Connect with a WebSocket' }))
    }, serverOptions)
    const upgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      socket.on('error', () => socket.destroy())
      this.hosts.check(request)
      // An IPv6 client by its /64, which one host is given whole.
      const address = clientKey(
        clientAddress(request.socket.remoteAddress, request.headers['x-forwarded-for'], options.trustProxy),
      )
      const fromAddress = this.perAddress.get(address) ?? 0
      if (this.socketCount >= solanaLimits.maxWsConnections)
        return refuseUpgrade(
          socket,
          503,
          `at most ${solanaLimits.maxWsConnections} PubSub connections in all`,
        )
      if (fromAddress >= solanaLimits.maxWsConnectionsPerIp)
        return refuseUpgrade(
          socket,
          429,
          `at most ${solanaLimits.maxWsConnectionsPerIp} PubSub connections per client address`,
        )
      this.count(address, fromAddress, socket)
      this.sockets.handleUpgrade(request, socket, head, (ws) => this.accept(ws, address))
    }
    this.server.on('upgrade', safeUpgrade(upgrade, serverOptions))
    this.stopListening = context.ledger.on((event) => this.notify(event))
  }

  /** Listens on `host:port` (0 lets the OS pick), then checks `Host` against the port it is bound to. */
  listen(port: number, host: string): Promise<void> {
    return this.hosts.listen(this.server, port, host)
  }

  close(): Promise<void> {
    this.stopListening()
    for (const { socket, idle } of this.connections) {
      clearTimeout(idle)
      socket.terminate()
    }
    return new Promise((resolve) => this.sockets.close(() => resolve()))
  }

  /** Counts a socket against its address and the ceiling from the upgrade until the TCP socket closes. */
  private count(address: string, fromAddress: number, socket: Duplex): void {
    this.socketCount++
    this.perAddress.set(address, fromAddress + 1)
    socket.once('close', () => {
      this.socketCount--
      const left = (this.perAddress.get(address) ?? 1) - 1
      if (left > 0) this.perAddress.set(address, left)
      else this.perAddress.delete(address)
    })
  }

  private accept(socket: WebSocket, client: string): void {
    const connection: Connection = { socket, client, subscriptions: new Map(), idle: undefined }
    this.connections.add(connection)
    const siblings = this.byClient.get(client) ?? new Set()
    this.byClient.set(client, siblings.add(connection))
    this.armIdle(connection)
    socket.on('close', () => {
      clearTimeout(connection.idle)
      this.connections.delete(connection)
      siblings.delete(connection)
      if (siblings.size === 0 && this.byClient.get(client) === siblings) this.byClient.delete(client)
    })
    socket.on('error', () => socket.terminate())
    socket.on('message', (data) => this.receive(connection, data))
  }

  /** Whatever it sends, a socket is held only while it holds a subscription (kit's channels close when they have none). */
  private armIdle(connection: Connection): void {
    clearTimeout(connection.idle)
    connection.idle = undefined
    if (connection.subscriptions.size > 0) return
    connection.idle = setTimeout(() => {
      connection.socket.close(1000, 'idle: no subscription')
      setTimeout(() => connection.socket.terminate(), CLOSE_GRACE_MS).unref()
    }, this.options.idleTimeoutMs)
    connection.idle.unref()
  }

  private receive(connection: Connection, data: RawData): void {
    let request: unknown
    try {
      request = parseJsonBody(rawText(data))
    } catch (error) {
      if (!(error instanceof MalformedJsonError)) throw error
      this.send(connection, {
        jsonrpc: '2.0',
        error: { code: rpcErrorCodes.parseError, message: 'Parse error' },
        id: null,
      })
      return
    }
    const call = typeof request === 'object' && request !== null && !Array.isArray(request) ? request : {}
    const { id: rawId, method, params, jsonrpc } = call as Record<string, unknown>
    const id = typeof rawId === 'number' || typeof rawId === 'string' ? rawId : null
    try {
      if (jsonrpc !== '2.0' || typeof method !== 'string')
        throw new SolanaRpcError(rpcErrorCodes.invalidRequest, 'Invalid request')
      if (params !== undefined && !Array.isArray(params))
        throw new SolanaRpcError(rpcErrorCodes.invalidParams, 'Invalid params: expected an array')
      const result = this.call(connection, method, params ?? [])
      this.send(connection, { jsonrpc: '2.0', result, id })
    } catch (error) {
      const rpcError = error instanceof SolanaRpcError ? error : new SolanaRpcError(-32603, 'Internal error')
      this.send(connection, { jsonrpc: '2.0', error: rpcError.toJSON(), id })
    }
  }

  private call(connection: Connection, method: string, params: unknown[]): unknown {
    switch (method) {
      case 'signatureSubscribe': {
        const [signature] = parseParams(z.tuple([z.string().min(64).max(88), subscriptionConfig]), params)
        return this.subscribe(connection, { kind: 'signature', signature })
      }
      case 'accountSubscribe': {
        const [at, config] = parseParams(z.tuple([addressParam, subscriptionConfig]), params)
        return this.subscribe(connection, {
          kind: 'account',
          address: at,
          encoding: config?.encoding ?? 'binary',
        })
      }
      case 'slotSubscribe':
        parseParams(z.tuple([]), params)
        return this.subscribe(connection, { kind: 'slot' })
      case 'signatureUnsubscribe':
      case 'accountUnsubscribe':
      case 'slotUnsubscribe': {
        const [id] = parseParams(z.tuple([z.number().int().nonnegative()]), params)
        const subscription = connection.subscriptions.get(id)
        const kind = method.replace('Unsubscribe', '')
        if (subscription?.kind !== kind)
          throw new SolanaRpcError(rpcErrorCodes.invalidParams, 'Invalid subscription id.')
        connection.subscriptions.delete(id)
        this.armIdle(connection)
        return true
      }
      default:
        throw new SolanaRpcError(rpcErrorCodes.methodNotFound, 'Method not found')
    }
  }

  private subscribe(connection: Connection, subscription: Subscription): number {
    if (connection.subscriptions.size >= solanaLimits.maxSubscriptionsPerSocket)
      throw new SolanaRpcError(
        rpcErrorCodes.invalidRequest,
        `A connection holds at most ${solanaLimits.maxSubscriptionsPerSocket} subscriptions`,
      )
    const id = this.nextId++
    connection.subscriptions.set(id, subscription)
    this.armIdle(connection)
    if (subscription.kind === 'signature') {
      const record = this.context.ledger.record(subscription.signature)
      // Already final: answer the subscription first, then its one notification.
      if (record) queueMicrotask(() => this.notifySignature(connection, id, record.slot, record.err))
    }
    return id
  }

  private notify(event: LedgerEvent): void {
    for (const connection of this.connections)
      for (const [id, subscription] of connection.subscriptions) {
        if (event.kind === 'slot' && subscription.kind === 'slot')
          this.push(connection, id, 'slot', { parent: event.slot - 1, root: event.slot, slot: event.slot })
        if (event.kind !== 'transaction') continue
        const { record } = event
        if (subscription.kind === 'signature' && subscription.signature === record.signature)
          this.notifySignature(connection, id, record.slot, record.err)
        if (subscription.kind === 'account' && record.accountKeys.includes(subscription.address)) {
          const account = this.context.ledger.svm.getAccount(address(subscription.address))
          const value = account.exists ? this.encodeOrNull(account, subscription.encoding) : null
          this.push(connection, id, 'account', { context: { slot: record.slot }, value })
        }
      }
  }

  private encodeOrNull(
    ...[account, encoding]: [Parameters<typeof encodeAccount>[1], Parameters<typeof encodeAccount>[2]]
  ) {
    try {
      return encodeAccount(this.context.ledger.svm, account, encoding)
    } catch {
      return encodeAccount(this.context.ledger.svm, account, 'base64')
    }
  }

  /** A signature subscription notifies once and ends, as the real one does. */
  private notifySignature(connection: Connection, id: number, slot: number, err: unknown): void {
    if (!connection.subscriptions.has(id)) return
    connection.subscriptions.delete(id)
    this.armIdle(connection)
    this.push(connection, id, 'signature', { context: { slot }, value: { err } })
  }

  private push(
    connection: Connection,
    subscription: number,
    kind: Subscription['kind'],
    result: unknown,
  ): void {
    this.send(connection, {
      jsonrpc: '2.0',
      method: notificationNames[kind],
      params: { result, subscription },
    })
  }

  private send(connection: Connection, message: unknown): void {
    // A connection whose last notification the kernel took adds no backlog of the client's here.
    if (connection.socket.bufferedAmount > 0) this.shedUnread(connection.client)
    if (connection.socket.readyState === WebSocket.OPEN) connection.socket.send(stringifyJson(message))
  }

  /**
   * A client that does not read leaves every notification in this process. While its connections hold
   * `maxWsUnsentBytesPerClient` unsent, the one holding most is cut (terminated: a client that does not
   * read would not read a close frame either), so a client holds at most that plus one notification a
   * connection.
   */
  private shedUnread(client: string): void {
    const siblings = this.byClient.get(client)
    if (siblings === undefined) return
    let unsent = 0
    let fullest: Connection | undefined
    for (const sibling of siblings) {
      unsent += sibling.socket.bufferedAmount
      if (sibling.socket.bufferedAmount > (fullest?.socket.bufferedAmount ?? 0)) fullest = sibling
    }
    if (unsent >= solanaLimits.maxWsUnsentBytesPerClient) fullest?.socket.terminate()
  }
}
