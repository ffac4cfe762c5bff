import { describeIssues, Emitter, type Listener, type Logger, silentLogger } from '@pairwise/common'
import * as v from '@pairwise/common/schema'
import {
  type ClientCrypto,
  createWebCrypto,
  encodeDidKey,
  isCryptoError,
  randomHex,
  type SigningKeyPair,
  signRelayJwtWith,
} from '@pairwise/crypto'
import { METHOD_NOT_FOUND_CODE } from '../protocol/errors.js'
import {
  type ApproveSessionParams,
  BatchSubscribeResultSchema,
  type ClientMethod,
  encodeFrame,
  errorFrame,
  FetchMessagesResultSchema,
  type JsonRpcErrorObject,
  type JsonRpcId,
  type JsonRpcRequest,
  MAX_MESSAGE_BYTES,
  type ProposeSessionParams,
  type PublishParams,
  PublishResultSchema,
  parseFrame,
  ReceivedMessageSchema,
  RelayMethod,
  RelayParamsSchemas,
  requestFrame,
  resultFrame,
  SessionCallResultSchema,
  SubscribeResultSchema,
  UnsubscribeResultSchema,
  utf8LengthOver,
} from '../protocol/index.js'
import { reconnectDelay } from './backoff.js'
import { DedupeWindow, messageKey } from './dedupe.js'
import { RelayClientError } from './errors.js'
import type { RelayClientEvents, RelayMessage } from './events.js'
import { type Heartbeat, startHeartbeat } from './heartbeat.js'
import {
  checkOptions,
  DEFAULT_DEDUPE_WINDOW,
  type RelayClientOptions,
  type RelayClientTimings,
} from './options.js'
import { Outbox, type OutboxEntry, type Outcome } from './outbox.js'
import { createRequestIds } from './requestIds.js'
import { openWebSocket, type RelaySocket, type SocketFactory } from './socket.js'
import { connectionUrl } from './url.js'

/** The relay caps topics per batch call; larger sets are split. */
export const MAX_TOPICS_PER_BATCH = 500

/**
 * The longest subscription id kept for a followed topic. Relays name a subscription by a sha256 in hex
 * (64 characters); a relay answering with ids as long as a frame would otherwise have the client hold
 * megabytes for every topic it follows. A longer id is not kept: the topic is unsubscribed by name alone.
 */
export const MAX_SUBSCRIPTION_ID_LENGTH = 256

const DEFAULT_USER_AGENT = `wc-2/js-pairwise/${typeof document === 'undefined' ? 'node' : 'browser'}`

// Only `data` is read: the official clients ignore the subscription id, and so may relays that vary it.
const SubscriptionPushSchema = v.object({ data: ReceivedMessageSchema })

type State = 'idle' | 'connecting' | 'open' | 'closed'

type Waiter = { resolve(): void; reject(error: RelayClientError): void }

export type FetchResult = { hasMore: boolean }

/**
 * One WebSocket to a relay, with the JSON-RPC methods of the relay protocol. It keeps itself connected:
 * a heartbeat and requests met by silence detect dead sockets, closes are followed by reconnects with
 * backoff, every known topic is resubscribed after each reconnect, and requests made while offline wait
 * for the next socket.
 */
export class RelayClient {
  /** The did:key of the signing key: this client's identity on the relay. */
  readonly clientId: string

  readonly #relayUrl: string
  readonly #projectId: string | undefined
  readonly #userAgent: string
  readonly #keyPair: SigningKeyPair
  readonly #crypto: ClientCrypto
  /** The key pair is checked once, on the first connection, as Web Crypto is asynchronous. */
  #keyPairChecked: Promise<void> | undefined
  readonly #jwtSubject = randomHex(32)
  readonly #timings: RelayClientTimings
  readonly #logger: Logger
  readonly #createSocket: SocketFactory
  readonly #nextId = createRequestIds()
  readonly #outbox = new Outbox()
  readonly #dedupe: DedupeWindow
  readonly #events: Emitter<RelayClientEvents>
  /** Every topic this client wants, with the subscription id the relay gave it once known. */
  readonly #topics = new Map<string, string | undefined>()

  #state: State = 'idle'
  #socket: RelaySocket | undefined
  #heartbeat: Heartbeat | undefined
  #reconnectTimer: ReturnType<typeof setTimeout> | undefined
  #attempt = 0
  /** When the current socket opened: one closed within `reconnectMaxMs` of it counts as a failed attempt. */
  #openedAt = 0
  /** Frames read so far: a request that times out with none read since it was sent marks a dead socket. */
  #heard = 0
  #everConnected = false
  #waiters: Waiter[] = []
  #onClosed: ((code: number, reason: string) => void) | undefined
  /**
   * Topics not yet confirmed by any answer, with how many calls that introduced them still wait. An
   * unsubscribe drops a topic's count, so that calls made before it settle nothing after it.
   */
  readonly #adding = new Map<string, { waiting: number }>()

  constructor(options: RelayClientOptions) {
    this.#timings = checkOptions(options)
    this.#keyPair = options.signingKeyPair
    this.#crypto = options.crypto ?? createWebCrypto()
    try {
      this.clientId = encodeDidKey(this.#keyPair.publicKey)
    } catch (cause) {
      throw new RelayClientError('INVALID_OPTIONS', 'signingKeyPair.publicKey is not an Ed25519 public key', {
        cause,
      })
    }
    this.#relayUrl = options.relayUrl
    this.#projectId = options.projectId
    this.#userAgent = options.userAgent ?? DEFAULT_USER_AGENT
    this.#logger = options.logger ?? silentLogger
    this.#createSocket = options.createSocket ?? openWebSocket
    this.#dedupe = new DedupeWindow(options.dedupeWindow ?? DEFAULT_DEDUPE_WINDOW)
    this.#events = new Emitter((error, event) =>
      this.#logger.error('a listener threw', { event: String(event), error: String(error) }),
    )
  }

  get connected(): boolean {
    return this.#state === 'open'
  }

  /** Topics this client is subscribed to, explicitly or through the Sign 2.5 calls. */
  get topics(): string[] {
    return [...this.#topics.keys()]
  }

  on<Name extends keyof RelayClientEvents>(
    event: Name,
    listener: Listener<RelayClientEvents[Name]>,
  ): () => void {
    this.#events.on(event, listener)
    return () => this.#events.off(event, listener)
  }

  off<Name extends keyof RelayClientEvents>(event: Name, listener: Listener<RelayClientEvents[Name]>): void {
    this.#events.off(event, listener)
  }

  /** Resolves once a socket is open; keeps retrying with backoff until then, or until `close()`. */
  async connect(): Promise<void> {
    if (this.#state === 'closed') throw this.#closedError()
    if (this.#state === 'open') return
    const opened = new Promise<void>((resolve, reject) => this.#waiters.push({ resolve, reject }))
    if (this.#state === 'idle') this.#open()
    return opened
  }

  /** Stops for good: pending requests fail with CLOSED and no reconnect follows. */
  async close(): Promise<void> {
    if (this.#state === 'closed') return
    const wasOpen = this.#state === 'open'
    this.#state = 'closed'
    clearTimeout(this.#reconnectTimer)
    this.#heartbeat?.stop()
    this.#failPending(this.#closedError())
    const socket = this.#socket
    if (socket === undefined) return
    await new Promise<void>((resolve) => {
      const finish = (code: number, reason: string): void => {
        clearTimeout(grace)
        this.#socket = undefined
        this.#onClosed = undefined
        if (wasOpen) this.#events.emit('disconnect', { code, reason })
        resolve()
      }
      const grace = setTimeout(() => {
        socket.terminate()
        finish(1006, 'closing handshake timed out')
      }, this.#timings.closeGraceMs)
      this.#onClosed = finish
      socket.close(1000, 'client closed')
    })
  }

  /** Resolves when the relay has accepted the message; queued while offline. */
  async publish(params: PublishParams): Promise<void> {
    this.#checkParams(RelayMethod.publish, params)
    // Recorded before sending: a relay that echoes would otherwise hand our own message back as new.
    this.#dedupe.seen(messageKey(params.topic, params.message))
    await this.#request(RelayMethod.publish, params, PublishResultSchema)
  }

  /** Resolves with the relay's subscription id. The topic is resubscribed after every reconnect. */
  async subscribe(topic: string): Promise<string> {
    this.#checkParams(RelayMethod.subscribe, { topic })
    const id = await this.#follow([topic], () =>
      this.#request(RelayMethod.subscribe, { topic }, SubscribeResultSchema),
    )
    this.#keepIds([topic], [id])
    return id
  }

  /** Subscribes to many topics, at most 500 per relay call; resolves with the ids in topic order. */
  async batchSubscribe(topics: readonly string[]): Promise<string[]> {
    this.#checkParams(RelayMethod.batchSubscribe, { topics })
    const results = await this.#follow(topics, () =>
      Promise.all(
        chunk(topics, MAX_TOPICS_PER_BATCH).map((part) =>
          this.#request(RelayMethod.batchSubscribe, { topics: part }, BatchSubscribeResultSchema),
        ),
      ),
    )
    const ids = results.flat()
    this.#keepIds(topics, ids)
    return ids
  }

  /**
   * The relay's latest id for each topic, unless unsubscribed meanwhile or past MAX_SUBSCRIPTION_ID_LENGTH.
   * Ids map to topics only when the relay answered one per topic, as the protocol says it does.
   */
  #keepIds(topics: readonly string[], ids: readonly string[]): void {
    if (ids.length === topics.length)
      topics.forEach((topic, i) => {
        const id = ids[i]!
        if (this.#topics.has(topic) && id.length <= MAX_SUBSCRIPTION_ID_LENGTH) this.#topics.set(topic, id)
      })
  }

  async unsubscribe(topic: string): Promise<void> {
    this.#checkParams(RelayMethod.unsubscribe, { topic })
    const id = this.#topics.get(topic)
    this.#topics.delete(topic)
    this.#adding.delete(topic)
    // A frame leaves an undefined id out: a topic with no id kept is unsubscribed by name alone.
    await this.#request(RelayMethod.unsubscribe, { topic, id }, UnsubscribeResultSchema)
  }

  /**
   * Stored messages for a followed topic, delivered as `message` events like pushed ones (de-duplicated);
   * any the relay returns for a topic not followed is dropped.
   */
  fetchMessages(topic: string): Promise<FetchResult> {
    return this.#fetch(RelayMethod.fetchMessages, { topic })
  }

  batchFetchMessages(topics: readonly string[]): Promise<FetchResult> {
    return this.#fetch(RelayMethod.batchFetchMessages, { topics })
  }

  async #fetch(method: ClientMethod, params: unknown): Promise<FetchResult> {
    const result = await this.#request(method, params, FetchMessagesResultSchema)
    for (const message of result.messages) this.#deliver(message)
    return { hasMore: result.hasMore }
  }

  /** Sign 2.5: hands the proposal to the relay, which subscribes this client to the pairing topic. */
  async proposeSession(params: ProposeSessionParams): Promise<void> {
    this.#checkParams(RelayMethod.proposeSession, params)
    this.#dedupe.seen(messageKey(params.pairingTopic, params.sessionProposal))
    await this.#follow([params.pairingTopic], () =>
      this.#request(RelayMethod.proposeSession, params, SessionCallResultSchema),
    )
  }

  /** Sign 2.5: proposal response and settle request in one call; the relay subscribes us to the session. */
  async approveSession(params: ApproveSessionParams): Promise<void> {
    this.#checkParams(RelayMethod.approveSession, params)
    this.#dedupe.seen(messageKey(params.pairingTopic, params.sessionProposalResponse))
    this.#dedupe.seen(messageKey(params.sessionTopic, params.sessionSettlementRequest))
    await this.#follow([params.sessionTopic], () =>
      this.#request(RelayMethod.approveSession, params, SessionCallResultSchema),
    )
  }

  /**
   * Follows `topics` from the moment of the call, so messages racing the answer are not dropped. A topic
   * new to this call, or to another still waiting, is forgotten again only when every such call fails:
   * one success means the relay has it.
   */
  async #follow<Result>(topics: readonly string[], request: () => Promise<Result>): Promise<Result> {
    const added = topics
      .filter((topic) => !this.#topics.has(topic) || this.#adding.has(topic))
      .map((topic) => {
        const count = this.#adding.get(topic) ?? { waiting: 0 }
        count.waiting++
        this.#adding.set(topic, count)
        this.#topics.set(topic, undefined)
        return [topic, count] as const
      })
    let confirmed = false
    try {
      const result = await request()
      confirmed = true
      return result
    } finally {
      // A count gone means another call's success confirmed the topic, which then stays, or an unsubscribe.
      for (const [topic, count] of added)
        if (this.#adding.get(topic) === count && (confirmed || --count.waiting === 0)) {
          this.#adding.delete(topic)
          if (!confirmed) this.#topics.delete(topic)
        }
    }
  }

  #checkParams(method: ClientMethod, params: unknown): void {
    const parsed = RelayParamsSchemas[method].safeParse(params)
    if (!parsed.success) {
      throw new RelayClientError('INVALID_PARAMS', `${method}: ${describeIssues(parsed.error)}`)
    }
  }

  // Async so that these checks reject rather than throw; up to its promise it runs synchronously, so the
  // request is queued in call order.
  async #request<Result>(
    method: ClientMethod,
    params: unknown,
    resultSchema: v.Schema<Result>,
    retry = true,
  ): Promise<Result> {
    if (this.#state === 'closed') throw this.#closedError()
    this.#checkParams(method, params)
    const id = this.#nextId()
    const text = encodeFrame(requestFrame(id, method, params))
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#outbox.delete(id)
        reject(
          new RelayClientError(
            'REQUEST_TIMEOUT',
            `${method} got no answer in ${this.#timings.requestTimeoutMs} ms`,
          ),
        )
        // Browsers hide pings, so there the heartbeat cannot see a half-open socket; this silence can.
        if (entry.sent === this.#heard) this.#drop('no answer from the relay')
      }, this.#timings.requestTimeoutMs)
      const settle = (outcome: Outcome): void => {
        clearTimeout(timer)
        this.#outbox.delete(id)
        if (!outcome.ok) {
          reject(outcome.error)
          return
        }
        const parsed = resultSchema.safeParse(outcome.result)
        if (parsed.success) resolve(parsed.data)
        else
          reject(new RelayClientError('INVALID_RESULT', `${method} result: ${describeIssues(parsed.error)}`))
      }
      const entry: OutboxEntry = { id, method, text, retry, sent: false, settle }
      this.#outbox.set(id, entry)
      if (this.#state === 'idle') this.#open()
      else this.#send(entry)
    })
  }

  #send(entry: OutboxEntry): void {
    // An open state always has its socket: a close clears both at once.
    if (this.#state === 'open')
      entry.sent = this.#sendRaw(entry.text, { method: entry.method }) && this.#heard
  }

  /** False when the socket is going down: its close event requeues the requests not sent. */
  #sendRaw(text: string, fields?: { method: string }): boolean {
    try {
      this.#socket?.send(text)
      return true
    } catch (error) {
      this.#logger.debug('relay send failed', { ...fields, error: String(error) })
      return false
    }
  }

  #open(): void {
    if (this.#state === 'closed') return
    this.#state = 'connecting'
    this.#authToken().then(
      (auth) => this.#dial(auth),
      (cause: unknown) =>
        this.#fail(
          new RelayClientError(
            'AUTH_FAILED',
            `cannot sign the relay auth token: ${cause instanceof Error ? cause.message : String(cause)}`,
            { cause },
          ),
        ),
    )
  }

  /** A fresh token per connection, as the official clients do. */
  async #authToken(): Promise<string> {
    this.#keyPairChecked ??= checkSigningKeyPair(this.#crypto, this.#keyPair)
    await this.#keyPairChecked
    const params = { secretKey: this.#keyPair.secretKey, aud: this.#relayUrl, sub: this.#jwtSubject }
    return signRelayJwtWith(this.#crypto, params)
  }

  /** No token can be signed with this key or these primitives, so retrying cannot help: stop for good. */
  #fail(error: RelayClientError): void {
    if (this.#state === 'closed') return
    this.#state = 'closed'
    this.#report(error)
    this.#failPending(error)
  }

  #failPending(error: RelayClientError): void {
    this.#outbox.failAll(error)
    for (const waiter of this.#waiters.splice(0)) waiter.reject(error)
  }

  #dial(auth: string): void {
    // close() may have been called while the token was being signed.
    if (this.#state !== 'connecting') return
    const url = connectionUrl({
      relayUrl: this.#relayUrl,
      auth,
      userAgent: this.#userAgent,
      projectId: this.#projectId,
    })
    let socket: RelaySocket | undefined
    const current = (): boolean => socket !== undefined && socket === this.#socket
    // Once closing, only the closing handshake counts: a message left unacked is the relay's to deliver
    // again next time.
    const live = (): boolean => current() && this.#state !== 'closed'
    try {
      socket = this.#createSocket(url, {
        onOpen: () => live() && this.#onOpen(),
        onMessage: (text) => live() && this.#onText(text),
        onClose: (code, reason) => current() && this.#onClose(code, reason),
        onError: (cause) =>
          live() &&
          this.#report(
            new RelayClientError('SOCKET_ERROR', `relay socket error: ${cause.message}`, { cause }),
          ),
        onActivity: () => current() && this.#heartbeat?.touch(),
      })
    } catch (cause) {
      this.#report(new RelayClientError('SOCKET_ERROR', 'cannot open the relay socket', { cause }))
      this.#scheduleReconnect()
      return
    }
    this.#socket = socket
    // From the dial, not the open: a relay that takes the connection but never answers the handshake
    // (or a captive portal) would otherwise hold the client in 'connecting' for good, with no close to
    // reconnect on. The handshake thus counts as silence, for every socket; the pings that follow the open
    // keep a live one. The deadline is the heartbeat's, not the request timeout, so that calls queued
    // meanwhile still have time left on the next socket.
    this.#startHeartbeat(socket)
  }

  #onOpen(): void {
    this.#state = 'open'
    this.#openedAt = Date.now()
    // Where pings are hidden, silence after the handshake proves nothing: requests met by it do.
    if (!this.#socket?.seesControlFrames) this.#heartbeat?.stop()
    // On the first connection every followed topic still has its own request queued.
    if (this.#everConnected) this.#resubscribe()
    for (const entry of this.#outbox.values()) if (entry.sent === false) this.#send(entry)
    this.#logger.info('relay connected', { relayUrl: this.#relayUrl, reconnect: this.#everConnected })
    this.#events.emit('connect', { reconnect: this.#everConnected })
    this.#everConnected = true
    for (const waiter of this.#waiters.splice(0)) waiter.resolve()
  }

  #startHeartbeat(socket: RelaySocket): void {
    this.#heartbeat = startHeartbeat({
      intervalMs: this.#timings.heartbeatIntervalMs,
      timeoutMs: this.#timings.heartbeatTimeoutMs,
      onTick: () => socket.ping(),
      onDead: () => socket === this.#socket && this.#drop('heartbeat timeout'),
    })
  }

  /** Gives up on the current socket at once: a dead peer would never answer a closing handshake. */
  #drop(reason: string): void {
    this.#logger.warn('relay socket dead', { reason })
    this.#socket?.terminate()
    this.#onClose(1006, reason)
  }

  #resubscribe(): void {
    for (const part of chunk(this.topics, MAX_TOPICS_PER_BATCH)) {
      this.#request(RelayMethod.batchSubscribe, { topics: part }, BatchSubscribeResultSchema, false).then(
        // A relay may name the subscription anew on each connection: unsubscribe sends the latest name.
        (ids) => this.#keepIds(part, ids),
        (cause: unknown) => {
          if (cause instanceof RelayClientError && (cause.code === 'DISCONNECTED' || cause.code === 'CLOSED'))
            return
          this.#report(
            new RelayClientError('RESUBSCRIBE_FAILED', `resubscribing ${part.length} topics failed`, {
              cause,
            }),
          )
        },
      )
    }
  }

  #onClose(code: number, reason: string): void {
    if (this.#state === 'closed') {
      this.#onClosed?.(code, reason)
      return
    }
    const wasOpen = this.#state === 'open'
    // Only a socket that stayed open as long as the longest delay restarts the backoff: a relay, or an
    // attacker on ws://, that takes each socket and closes it at once would otherwise have the client
    // redial, sign a token and resubscribe every topic about twice a second, for good.
    if (wasOpen && Date.now() - this.#openedAt >= this.#timings.reconnectMaxMs) this.#attempt = 0
    this.#socket = undefined
    this.#heartbeat?.stop()
    this.#logger.info('relay disconnected', { code, reason })
    if (wasOpen) this.#events.emit('disconnect', { code, reason })
    this.#outbox.requeue(new RelayClientError('DISCONNECTED', `relay socket closed (${code})`))
    this.#scheduleReconnect()
  }

  #scheduleReconnect(): void {
    if (this.#state === 'closed') return
    this.#state = 'connecting'
    this.#attempt += 1
    const delay = reconnectDelay(this.#attempt, this.#timings.reconnectStepMs, this.#timings.reconnectMaxMs)
    this.#logger.debug('reconnecting', { attempt: this.#attempt, delay })
    this.#reconnectTimer = setTimeout(() => this.#open(), delay)
  }

  #onText(text: string): void {
    this.#heard += 1
    this.#heartbeat?.touch()
    const parsed = parseFrame(text)
    if (!parsed.ok) {
      this.#report(new RelayClientError('MALFORMED_FRAME', `ignored a frame: ${parsed.error.message}`))
      return
    }
    const { value } = parsed
    if (value.kind === 'request') this.#onRequest(value.frame)
    else if (value.kind === 'result')
      this.#onResponse(value.frame.id, { ok: true, result: value.frame.result })
    else this.#onErrorResponse(value.frame.id, value.frame.error)
  }

  #onRequest(frame: JsonRpcRequest): void {
    if (!frame.method.endsWith('_subscription')) {
      this.#sendRaw(
        encodeFrame(
          errorFrame(frame.id, {
            code: METHOD_NOT_FOUND_CODE,
            message: `Method not found: ${frame.method}`,
          }),
        ),
      )
      this.#report(new RelayClientError('MALFORMED_FRAME', `relay called an unknown method ${frame.method}`))
      return
    }
    // Acked even when unusable: an unacked message would be pushed again on every reconnect.
    this.#sendRaw(encodeFrame(resultFrame(frame.id, true)))
    const parsed = SubscriptionPushSchema.safeParse(frame.params)
    if (!parsed.success) {
      this.#report(
        new RelayClientError('MALFORMED_FRAME', `ignored a ${frame.method}: ${describeIssues(parsed.error)}`),
      )
      return
    }
    this.#deliver(parsed.data.data)
  }

  /** Pushed and fetched messages alike: a relay answering a fetch must not reach topics we left. */
  #deliver(message: RelayMessage): void {
    if (!this.#topics.has(message.topic)) {
      this.#logger.debug('message on a topic not followed', { topic: message.topic })
      return
    }
    // A relay at the protocol's cap takes no larger envelope from a publisher, so a larger one is the
    // relay's own doing: dropped before de-duplication hashes it and the engine decodes it.
    const size = utf8LengthOver(message.message, MAX_MESSAGE_BYTES)
    if (size !== undefined) {
      this.#report(
        new RelayClientError(
          'MALFORMED_FRAME',
          `ignored a message of ${size} bytes on ${message.topic}: the limit is ${MAX_MESSAGE_BYTES}`,
        ),
      )
      return
    }
    if (!this.#dedupe.seen(messageKey(message.topic, message.message))) this.#events.emit('message', message)
  }

  #onResponse(id: JsonRpcId, outcome: Outcome): void {
    const entry = this.#outbox.get(String(id))
    if (entry === undefined) {
      this.#logger.debug('answer to no request of ours', { id: String(id) })
      return
    }
    entry.settle(outcome)
  }

  #onErrorResponse(id: JsonRpcId | null, rpcError: JsonRpcErrorObject): void {
    if (id === null) {
      this.#report(new RelayClientError('RPC_ERROR', `relay error: ${rpcError.message}`, { rpcError }))
      return
    }
    const error = new RelayClientError('RPC_ERROR', `relay refused: ${rpcError.message} (${rpcError.code})`, {
      rpcError,
    })
    this.#onResponse(id, { ok: false, error })
  }

  #report(error: RelayClientError): void {
    this.#logger.warn(error.message, { code: error.code })
    this.#events.emit('error', error)
  }

  #closedError(): RelayClientError {
    return new RelayClientError('CLOSED', 'the relay client is closed')
  }
}

async function checkSigningKeyPair(crypto: ClientCrypto, keyPair: SigningKeyPair): Promise<void> {
  let derived: Uint8Array
  try {
    derived = await crypto.signingPublicKey(keyPair.secretKey)
  } catch (cause) {
    if (isCryptoError(cause) && cause.code === 'UNSUPPORTED') throw cause
    throw new RelayClientError('INVALID_OPTIONS', 'signingKeyPair.secretKey is not an Ed25519 secret key', {
      cause,
    })
  }
  // Byte lists as text ("1,2,3") are equal exactly when the bytes are.
  if (String(derived) !== String(keyPair.publicKey)) {
    throw new RelayClientError('INVALID_OPTIONS', 'signingKeyPair.publicKey does not belong to its secretKey')
  }
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const parts: T[][] = []
  for (let i = 0; i < items.length; i += size) parts.push(items.slice(i, i + size))
  return parts
}
