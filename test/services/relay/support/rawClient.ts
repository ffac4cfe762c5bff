import { encodeDidKey, type SigningKeyPair } from '../../../../crypto/index.js'
import { generateSigningKeyPair, signRelayJwt } from '../../../../crypto/noble.js'
import {
  encodeFrame,
  type JsonRpcErrorResponse,
  type JsonRpcId,
  type JsonRpcResult,
  parseFrame,
  RelayMethod,
  resultFrame,
  type SubscriptionParams,
  SubscriptionParamsSchema,
} from '../../../../relay/protocol/index.js'

/** What both `ws` and mock-socket sockets offer, enough for a raw JSON-RPC client. */
export type SocketLike = {
  readonly readyState: number
  send(text: string): void
  close(code?: number, reason?: string): void
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void
  addEventListener(type: 'open' | 'error', listener: () => void): void
  addEventListener(type: 'close', listener: (event: { code: number; reason: string }) => void): void
}

export type SocketFactory = (url: string) => SocketLike

export type Push = { id: JsonRpcId; params: SubscriptionParams }
export type Response = JsonRpcResult | JsonRpcErrorResponse

const OPEN = 1

/** A relay client that speaks the wire protocol by hand, so tests see exactly what the relay sends. */
export class RawRelayClient {
  /** Every text frame received, in order, untouched. */
  readonly frames: string[] = []
  readonly pushes: Push[] = []
  readonly closed: Promise<{ code: number; reason: string }>
  private readonly responses = new Map<string, Response>()
  private readonly listeners = new Set<() => void>()
  private nextId = 1

  private constructor(
    private readonly socket: SocketLike,
    readonly clientId: string | undefined,
    private readonly autoAck: boolean,
  ) {
    this.closed = new Promise((resolve) => socket.addEventListener('close', resolve))
    socket.addEventListener('message', ({ data }) => this.onFrame(String(data)))
  }

  static open(
    factory: SocketFactory,
    url: string,
    options: { autoAck?: boolean; clientId?: string } = {},
  ): Promise<RawRelayClient> {
    const socket = factory(url)
    const client = new RawRelayClient(socket, options.clientId, options.autoAck ?? true)
    return new Promise((resolve, reject) => {
      socket.addEventListener('open', () => resolve(client))
      socket.addEventListener('error', () => reject(new Error(`could not connect to ${url}`)))
    })
  }

  get isOpen(): boolean {
    return this.socket.readyState === OPEN
  }

  sendText(text: string): void {
    this.socket.send(text)
  }

  /** Sends a request and resolves with its response (result or error). */
  async call(
    method: string,
    params?: unknown,
    id: JsonRpcId = `${Date.now()}${this.nextId++}`,
  ): Promise<Response> {
    this.sendText(encodeFrame({ jsonrpc: '2.0', id, method, params }))
    return this.response(id)
  }

  /** The response to request `id` (null for frames whose id could not be read). */
  response(id: JsonRpcId | null, timeoutMs = 3000): Promise<Response> {
    const key = String(id)
    return this.until(() => this.responses.get(key), `a response to ${key}`, timeoutMs)
  }

  /** Resolves once `count` pushes in total have arrived. */
  waitForPushes(count: number, timeoutMs = 3000): Promise<Push[]> {
    return this.until(
      () => (this.pushes.length >= count ? this.pushes.slice(0, count) : undefined),
      `${count} pushes (have ${this.pushes.length})`,
      timeoutMs,
    )
  }

  /** Waits `ms` and fails if any push arrived meanwhile beyond the `expected` total. */
  async expectPushCount(expected: number, ms = 150): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, ms))
    if (this.pushes.length !== expected)
      throw new Error(
        `expected ${expected} pushes, got ${this.pushes.length}: ${JSON.stringify(this.pushes)}`,
      )
  }

  ack(push: Push): void {
    this.sendText(encodeFrame(resultFrame(push.id, true)))
  }

  async close(): Promise<void> {
    if (this.isOpen) this.socket.close()
    await Promise.race([this.closed, new Promise((resolve) => setTimeout(resolve, 1000))])
  }

  private onFrame(text: string): void {
    this.frames.push(text)
    const outcome = parseFrame(text)
    if (
      outcome.ok &&
      outcome.value.kind === 'request' &&
      outcome.value.frame.method === RelayMethod.subscription
    ) {
      const push = {
        id: outcome.value.frame.id,
        params: SubscriptionParamsSchema.parse(outcome.value.frame.params),
      }
      this.pushes.push(push)
      if (this.autoAck) this.ack(push)
    } else if (outcome.ok && outcome.value.kind !== 'request') {
      this.responses.set(String(outcome.value.frame.id), outcome.value.frame)
    }
    for (const listener of this.listeners) listener()
  }

  private until<T>(probe: () => T | undefined, what: string, timeoutMs: number): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const value = probe()
        if (value === undefined) return
        clearTimeout(timer)
        this.listeners.delete(check)
        resolve(value)
      }
      const timer = setTimeout(() => {
        this.listeners.delete(check)
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`))
      }, timeoutMs)
      this.listeners.add(check)
      check()
    })
  }
}

/** An identity a test client connects as: its key pair, its did:key client id, and a token maker. */
export type TestIdentity = { keyPair: SigningKeyPair; clientId: string; token(aud: string): string }

export function testIdentity(): TestIdentity {
  const keyPair = generateSigningKeyPair()
  return {
    keyPair,
    clientId: encodeDidKey(keyPair.publicKey),
    token: (aud) => signRelayJwt({ secretKey: keyPair.secretKey, aud }),
  }
}

export function withAuth(url: string, token: string): string {
  return `${url}/?auth=${encodeURIComponent(token)}&projectId=test&ua=pairwise-test`
}

/** 64 hex digits, different on every call. */
export function randomTopic(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(32)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('')
}
