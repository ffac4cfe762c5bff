import { createServer, type Server } from 'node:http'
import { address } from '@solana/kit'
import { type RawData, WebSocket, WebSocketServer } from 'ws'
import { z } from 'zod'
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

type Connection = { socket: WebSocket; subscriptions: Map<number, Subscription> }

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
  private nextId = 0
  private readonly stopListening: () => void

  constructor(private readonly context: RpcContext) {
    this.server = createServer((_request, response) => {
      response.writeHead(426, { 'content-type': 'application/json' })
      response.end(stringifyJson({ code: 'UPGRADE_REQUIRED', message: 'Connect with a WebSocket' }))
    })
    this.server.on('upgrade', (request, socket, head) => {
      if (this.connections.size >= solanaLimits.maxWsConnections) {
        socket.end('HTTP/1.1 503 Service Unavailable\r\ncontent-length: 0\r\n\r\n')
        return
      }
      this.sockets.handleUpgrade(request, socket, head, (ws) => this.accept(ws))
    })
    this.stopListening = context.ledger.on((event) => this.notify(event))
  }

  close(): Promise<void> {
    this.stopListening()
    for (const { socket } of this.connections) socket.terminate()
    return new Promise((resolve) => this.sockets.close(() => resolve()))
  }

  private accept(socket: WebSocket): void {
    const connection: Connection = { socket, subscriptions: new Map() }
    this.connections.add(connection)
    socket.on('close', () => this.connections.delete(connection))
    socket.on('error', () => socket.terminate())
    socket.on('message', (data) => this.receive(connection, data))
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
    if (connection.socket.readyState === WebSocket.OPEN) connection.socket.send(stringifyJson(message))
  }
}
