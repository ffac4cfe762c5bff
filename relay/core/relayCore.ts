import { andThen, type Eventually, type Logger, silentLogger, unrefTimer } from '@pairwise/common'
import {
  encodeFrame,
  errorFrame,
  isClientMethod,
  type JsonRpcErrorObject,
  type JsonRpcId,
  type JsonRpcRequest,
  leadingId,
  parseFrame,
  RelayCloseCode,
  RelayErrorCode,
  receivedMessageText,
  resultFrameText,
  subscriptionFrameText,
  utf8LengthOver,
} from '../protocol/index.js'
import { AddressShares, type Share } from './addressShares.js'
import {
  type ConnectionTransport,
  type FetchedPage,
  type HandlerContext,
  type PublishBudget,
  RelayConnection,
  type StoreOutcome,
} from './connection.js'
import { type RelayFanout, SingleNodeFanout } from './fanout.js'
import type { HandlerOutcome } from './handlers/context.js'
import { routes } from './handlers/routes.js'
import { mailboxCaps, type RelayLimits, resolveLimits } from './limits.js'
import { describeError } from './logger.js'
import { MemoryMailboxStore } from './memoryStore.js'
import { mailboxBytes, type StoredMessage, textBytes, totalTextBytes } from './message.js'
import { type Bucket, RateLimiter } from './rateLimiter.js'
import { type RelayCounters, type RelayStats, zeroCounters } from './stats.js'
import type { MailboxCaps, MailboxStore, PutOutcome } from './store.js'
import { clientText, truncate } from './truncate.js'

export type RelayCoreOptions = {
  /** Where mailboxes live; in memory by default. The core closes it on `close()`. */
  store?: MailboxStore
  /** How other relay nodes hear about messages stored here; none by default. */
  fanout?: RelayFanout
  limits?: Partial<RelayLimits>
  logger?: Logger
  /** Unix milliseconds; replaceable so tests can move time. */
  now?: () => number
  /** A push not acknowledged this long after it was sent is sent again. */
  ackTimeoutMs?: number
  /** Pushes of one message on one connection; after that it waits in the mailbox for the next subscribe. */
  maxDeliveryAttempts?: number
  /** How often expired messages are dropped from the store. */
  sweepIntervalMs?: number
}

/** A transport's handle on one connection: feed it frames, tell it when the socket is gone. */
export type RelaySession = {
  readonly clientId: string
  readonly connectionId: number
  /** A frame, counted against the address's receive budget by its length. */
  receive(text: string): void
  /**
   * Bytes the client sent, counted against its address's receive budget. A transport that reads frames off
   * a wire charges here every byte it reads (headers, pings, empty fragments), so that a flood of anything
   * is throttled as a flood of frames is, and hands the frames to `receiveCharged`.
   */
  charge(bytes: number): void
  /** A frame whose bytes were charged already. */
  receiveCharged(text: string): void
  closed(): void
}

/** WebSocket close code for "service restart": the official clients reconnect on it. */
export const CLOSE_RESTARTING = RelayCloseCode.restarting

/**
 * What a connection is charged to: the rate-limit buckets of its client id and its address, and its
 * address's share of the mailboxes.
 */
type Budgets = { client: Bucket; address: Bucket; addressBytes: Bucket; received: Bucket; stored: Share }

// Longer string ids are refused rather than echoed: the official clients send 19 digits.
const MAX_ID_CHARS = 128

/**
 * The relay's semantics, independent of any socket library: subscriptions per connection, a mailbox per
 * topic kept for each message's TTL and pushed on subscribe, delivery tracked per client id and re-pushed
 * until acknowledged, never back to the publishing client id, and the two Sign 2.5 calls.
 */
export class RelayCore {
  readonly limits: RelayLimits
  private readonly store: MailboxStore
  private readonly fanout: RelayFanout
  private readonly logger: Logger
  private readonly now: () => number
  private readonly ackTimeoutMs: number
  private readonly maxDeliveryAttempts: number
  private readonly caps: MailboxCaps
  private readonly clientRate: RateLimiter
  private readonly addressRate: RateLimiter
  private readonly addressBytes: RateLimiter
  private readonly received: RateLimiter
  private readonly shares: AddressShares
  private readonly counters: RelayCounters = zeroCounters()
  private readonly connections = new Set<RelayConnection>()
  private readonly subscribers = new Map<string, Set<RelayConnection>>()
  private readonly watching = new Map<string, Promise<void>>()
  // Subscriptions per remote address, for maxTopicsPerIp.
  private readonly addressTopics = new Map<string, number>()
  private readonly timers: ReturnType<typeof setInterval>[]
  private nextConnectionId = 1
  // Outbound request ids: unique across restarts, and far below 2^53 so they survive JSON as numbers.
  private nextRequestId: number
  private sweeping: Promise<void> | undefined
  private closing: Promise<void> | undefined

  constructor(options: RelayCoreOptions = {}) {
    this.limits = resolveLimits(options.limits)
    this.store = options.store ?? new MemoryMailboxStore()
    this.fanout = options.fanout ?? new SingleNodeFanout()
    this.logger = options.logger ?? silentLogger
    this.now = options.now ?? (() => Date.now())
    this.ackTimeoutMs = options.ackTimeoutMs ?? 10_000
    this.maxDeliveryAttempts = options.maxDeliveryAttempts ?? 10
    this.caps = mailboxCaps(this.limits)
    this.clientRate = new RateLimiter(this.limits.publishBurst, this.limits.publishPerSecond)
    this.addressRate = new RateLimiter(this.limits.publishBurstPerIp, this.limits.publishPerSecondPerIp)
    this.addressBytes = new RateLimiter(
      this.limits.publishBytesBurstPerIp,
      this.limits.publishBytesPerSecondPerIp,
    )
    this.received = new RateLimiter(
      this.limits.receiveBytesBurstPerIp,
      this.limits.receiveBytesPerSecondPerIp,
    )
    this.shares = new AddressShares(this.limits.maxMailboxBytesPerIp)
    this.nextRequestId = this.now() * 1000
    this.fanout.attach(
      (message, repeated) => this.deliver(message, repeated),
      (topics) => this.refill(topics),
    )
    this.timers = [
      every(options.sweepIntervalMs ?? 10_000, () => this.sweep()),
      every(Math.max(10, Math.floor(this.ackTimeoutMs / 2)), async () => this.redeliver()),
    ]
  }

  /**
   * Registers a connection that authenticated as `clientId` (the JWT `iss`), from remote `address`
   * (publish rates per address are shared by its connections; without one, the client id stands in).
   */
  open(clientId: string, transport: ConnectionTransport, address = clientId): RelaySession {
    const budgets = this.holdBudgets(clientId, address)
    const connection = new RelayConnection(
      this.nextConnectionId++,
      clientId,
      address,
      transport,
      this.limits,
      (self) => this.contextOf(self, budgets),
    )
    if (this.closing) {
      connection.close(CLOSE_RESTARTING, 'relay restarting')
      this.releaseBudgets(budgets)
    } else {
      this.connections.add(connection)
      this.counters.connectionsTotal++
    }
    // False once the connection is gone: nothing it sends after that is charged or handled.
    const taking = (): boolean => connection.open && !this.closing
    const charge = (bytes: number): boolean => {
      if (!taking()) return false
      const wait = this.received.charge(budgets.received, bytes, this.now())
      if (wait > 0) connection.holdFor(wait)
      return true
    }
    const handle = (text: string) => connection.enqueue(() => this.handleFrame(connection, text), text.length)
    return {
      clientId,
      connectionId: connection.id,
      receive: (text) => {
        if (charge(text.length)) handle(text)
      },
      charge,
      receiveCharged: (text) => {
        if (taking()) handle(text)
      },
      closed: () => this.detach(connection, budgets),
    }
  }

  private holdBudgets(clientId: string, address: string): Budgets {
    const now = this.now()
    return {
      client: this.clientRate.hold(clientId, now),
      address: this.addressRate.hold(address, now),
      addressBytes: this.addressBytes.hold(address, now),
      received: this.received.hold(address, now),
      stored: this.shares.hold(address),
    }
  }

  private releaseBudgets(budgets: Budgets): void {
    this.clientRate.release(budgets.client)
    this.addressRate.release(budgets.address)
    this.addressBytes.release(budgets.addressBytes)
    this.received.release(budgets.received)
    this.shares.release(budgets.stored)
  }

  stats(): RelayStats {
    let subscriptions = 0
    for (const connection of this.connections) subscriptions += connection.topicCount
    return {
      connections: this.connections.size,
      topics: this.subscribers.size,
      subscriptions,
      ...this.counters,
      calls: { ...this.counters.calls },
    }
  }

  /** Messages held by the store now. */
  mailboxSize(): Promise<number> {
    return this.store.size()
  }

  /** Drops expired messages now rather than at the next sweep; joins a sweep already running. */
  sweep(): Promise<void> {
    this.sweeping ??= this.purge().finally(() => {
      this.sweeping = undefined
    })
    return this.sweeping
  }

  private async purge(): Promise<void> {
    try {
      const now = this.now()
      this.counters.messagesExpired += await this.store.purgeExpired(now)
      this.shares.expireUpTo(now)
      for (const limiter of [this.clientRate, this.addressRate, this.addressBytes, this.received])
        while (!limiter.pruneSome(now, PRUNED_PER_TURN)) await nextTurn()
    } catch (error) {
      this.logger.error('expiry sweep failed', { error: describeError(error) })
    }
  }

  /**
   * Stops taking frames, finishes the ones being handled (so every acked publish is stored), closes
   * each socket with 1012 so clients reconnect, then releases fan-out and store.
   */
  close(): Promise<void> {
    this.closing ??= this.shutDown()
    return this.closing
  }

  private async shutDown(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer)
    await this.sweeping
    await Promise.all([...this.connections].map((connection) => connection.drained()))
    for (const connection of this.connections) connection.close(CLOSE_RESTARTING, 'relay restarting')
    this.connections.clear()
    this.subscribers.clear()
    this.watching.clear()
    this.addressTopics.clear()
    this.shares.clear()
    await this.fanout.close()
    await this.store.close()
  }

  private detach(connection: RelayConnection, budgets: Budgets): void {
    if (!this.connections.delete(connection)) return
    this.releaseBudgets(budgets)
    connection.markClosed()
    const topics = connection.clearTopics()
    this.countAddressTopics(connection.address, -topics.length)
    for (const topic of topics) this.removeSubscriber(connection, topic)
  }

  /** Answers in the same turn unless the frame waits on the store or on other nodes. */
  private handleFrame(connection: RelayConnection, text: string): Eventually<void> {
    try {
      const size = utf8LengthOver(text, this.limits.maxFrameBytes)
      if (size !== undefined)
        return this.replyError(connection, leadingId(text, MAX_ID_CHARS), {
          code: RelayErrorCode.messageTooLarge,
          message: `Frame too large: ${size} bytes, the limit is ${this.limits.maxFrameBytes}`,
        })
      const outcome = parseFrame(text)
      if (!outcome.ok) {
        this.logger.debug('malformed frame', {
          clientId: connection.clientId,
          reason: truncate(outcome.error.message),
        })
        return this.replyError(connection, idToEcho(outcome.id), outcome.error)
      }
      const { value } = outcome
      if (typeof value.frame.id === 'string' && value.frame.id.length > MAX_ID_CHARS)
        return this.replyError(connection, null, {
          code: RelayErrorCode.invalidRequest,
          message: `Invalid request: id longer than ${MAX_ID_CHARS} characters`,
        })
      if (value.kind === 'request') return this.caught(connection, this.dispatch(connection, value.frame))
      if (value.kind === 'result')
        return this.caught(connection, this.acknowledge(connection, value.frame.id))
      this.logger.warn('client answered a push with an error', {
        clientId: connection.clientId,
        id: clientText(value.frame.id),
        error: clientText(value.frame.error),
      })
    } catch (error) {
      this.frameFailed(connection, error)
    }
  }

  /** The rest of a frame's handling, when it went on after a promise, logged rather than thrown if it fails. */
  private caught(connection: RelayConnection, handled: Eventually<void>): Eventually<void> {
    if (handled instanceof Promise)
      return handled.catch((error: unknown) => this.frameFailed(connection, error))
  }

  private frameFailed(connection: RelayConnection, error: unknown): void {
    this.logger.error('frame handling failed', {
      clientId: connection.clientId,
      error: describeError(error),
    })
  }

  private dispatch(connection: RelayConnection, request: JsonRpcRequest): Eventually<void> {
    const { id, method } = request
    if (!isClientMethod(method)) {
      this.counters.unknownMethods++
      this.logger.warn('unknown relay method', { method: truncate(method), clientId: connection.clientId })
      return this.replyError(connection, id, {
        code: RelayErrorCode.methodNotFound,
        message: `Method not found: ${method}`,
      })
    }
    this.counters.calls[method] = (this.counters.calls[method] ?? 0) + 1
    const failed = (error: unknown) => {
      this.logger.error('relay method failed', {
        method,
        clientId: connection.clientId,
        error: describeError(error),
      })
      this.replyError(connection, id, { code: RelayErrorCode.internalError, message: 'Internal error' })
    }
    let outcome: Eventually<HandlerOutcome>
    try {
      outcome = routes[method](connection.context, request.params)
    } catch (error) {
      return failed(error)
    }
    if (outcome instanceof Promise)
      return outcome.then((settled) => this.answer(connection, request, settled), failed)
    return this.answer(connection, request, outcome)
  }

  /** Sends a call's answer, then runs what the handler left for after it. */
  private answer(
    connection: RelayConnection,
    { id, method }: JsonRpcRequest,
    outcome: HandlerOutcome,
  ): Eventually<void> {
    if (!outcome.ok)
      this.logger.debug('relay method refused', {
        method,
        clientId: connection.clientId,
        code: outcome.error.code,
        error: truncate(outcome.error.message),
      })
    const answered = connection.send(
      outcome.ok ? resultFrameText(id, outcome.result) : this.errorFrameText(id, outcome.error),
    )
    if (!outcome.after) return
    const followUpFailed = (error: unknown) => {
      this.logger.error('relay method follow-up failed', {
        method,
        clientId: connection.clientId,
        error: describeError(error),
      })
    }
    try {
      const after = outcome.after(answered)
      if (after instanceof Promise) return after.catch(followUpFailed)
    } catch (error) {
      followUpFailed(error)
    }
  }

  private replyError(connection: RelayConnection, id: JsonRpcId | null, error: JsonRpcErrorObject): void {
    connection.send(this.errorFrameText(id, error))
  }

  /** Every error message may quote what the client sent, so it is cut to a bounded length. */
  private errorFrameText(id: JsonRpcId | null, error: JsonRpcErrorObject): string {
    this.counters.errorResponses++
    const message = truncate(error.message, MAX_ERROR_MESSAGE_CHARS)
    return encodeFrame(errorFrame(id, { ...error, message }))
  }

  private contextOf(connection: RelayConnection, budgets: Budgets): HandlerContext {
    return {
      connection,
      limits: this.limits,
      now: this.now,
      addressTopicCount: () => this.addressTopics.get(connection.address) ?? 0,
      takePublishTokens: (count, bytes) => this.takePublishTokens(budgets, count, bytes),
      store: (messages) => this.storeAll(messages, budgets.stored),
      distribute: (stored) => this.distribute(stored),
      subscribe: (topics) => this.subscribe(connection, topics),
      pushUndelivered: (topics) => {
        connection.answered(topics)
        return this.pushPages(connection, topics)
      },
      unsubscribe: async (topics) => {
        for (const topic of topics)
          if (connection.removeTopic(topic)) {
            this.countAddressTopics(connection.address, -1)
            this.removeSubscriber(connection, topic)
          }
      },
      fetch: (topics) => this.fetch(connection, topics),
      markDelivered: (messages) => this.markFetched(connection, messages),
    }
  }

  /** Takes from every budget the publish counts against, or from none when one is short. */
  private takePublishTokens(budgets: Budgets, count: number, bytes: number): PublishBudget {
    const now = this.now()
    const client = this.clientRate.refill(budgets.client, now)
    if (client.tokens < count) return 'client'
    const fromAddress = this.addressRate.refill(budgets.address, now)
    if (fromAddress.tokens < count) return 'address'
    const addressBytes = this.addressBytes.refill(budgets.addressBytes, now)
    if (addressBytes.tokens < bytes) return 'addressBytes'
    client.tokens -= count
    fromAddress.tokens -= count
    addressBytes.tokens -= bytes
    return 'granted'
  }

  /**
   * Stores messages in order until one is refused for a full mailbox; the rest are not tried. Each is
   * counted against its publisher's address's part of the mailboxes, before the store is asked; that share
   * is held until the last put ends, whether or not the connection that published is still open.
   */
  private storeAll(messages: StoredMessage[], connectionShare: Share): Eventually<StoreOutcome> {
    const share = this.shares.holdAgain(connectionShare)
    const release = () => this.shares.release(share)
    let stored: Eventually<StoreOutcome>
    try {
      stored = this.storeFrom(messages, 0, share, { fresh: [] })
    } catch (error) {
      release()
      throw error
    }
    if (stored instanceof Promise) return stored.finally(release)
    release()
    return stored
  }

  // Goes on at once after each message a store in memory took, and after its promise where it is not.
  private storeFrom(
    messages: StoredMessage[],
    start: number,
    share: Share,
    stored: StoreOutcome,
  ): Eventually<StoreOutcome> {
    for (let index = start; index < messages.length; index++) {
      const message = messages[index]!
      const outcome = this.putWithin(message, share)
      if (outcome instanceof Promise)
        return outcome.then((settled) =>
          this.took(settled, message, share, stored)
            ? this.storeFrom(messages, index + 1, share, stored)
            : stored,
        )
      if (!this.took(outcome, message, share, stored)) return stored
    }
    this.counters.messagesStored += stored.fresh.length
    return stored
  }

  /**
   * Asks the store to take `message`, its bytes reserved in `share` meanwhile: a put that fails gives them
   * back, or the address would lose that much of its share for good.
   */
  private putWithin(message: StoredMessage, share: Share): Eventually<PutOutcome> {
    const bytes = mailboxBytes(message)
    const withinShare = this.shares.reserve(share, bytes, message.publishedAt)
    let outcome: Eventually<PutOutcome>
    try {
      outcome = this.store.put(message, this.caps, !withinShare)
    } catch (error) {
      this.shares.giveBack(share, bytes)
      throw error
    }
    if (!(outcome instanceof Promise)) return outcome
    return outcome.catch((error: unknown) => {
      this.shares.giveBack(share, bytes)
      throw error
    })
  }

  /**
   * Records in `stored` what the store did with `message`, and settles its bytes reserved in `share`;
   * false when the store refused it, which ends the call.
   */
  private took(outcome: PutOutcome, message: StoredMessage, share: Share, stored: StoreOutcome): boolean {
    const bytes = mailboxBytes(message)
    if (outcome === 'stored') {
      this.shares.keep(share, bytes, message.expiresAt)
      stored.fresh.push(message)
      return true
    }
    this.shares.giveBack(share, bytes)
    if (outcome === 'duplicate') {
      stored.repeated ??= []
      stored.repeated.push(message)
      return true
    }
    this.counters.mailboxRefusals++
    this.counters.messagesStored += stored.fresh.length
    stored.refusal = this.mailboxRefusal(outcome, message.topic)
    return false
  }

  private mailboxRefusal(
    outcome: Exclude<PutOutcome, 'stored' | 'duplicate'>,
    topic: string,
  ): JsonRpcErrorObject {
    const message = {
      addressFull: `Mailbox full: the unexpired messages published from your address would pass ${this.limits.maxMailboxBytesPerIp} bytes, the limit; retry later`,
      topicFull: `Mailbox full: topic ${topic} holds ${this.caps.maxMessagesPerTopic} unexpired messages, the limit, too few of them delivered to make room; retry later`,
      storeFull: `Mailbox full: the relay holds ${this.caps.maxTotalBytes} bytes of messages, the limit; retry later`,
    }[outcome]
    return { code: RelayErrorCode.mailboxFull, message, data: { reason: outcome } }
  }

  private distribute({ fresh, repeated }: StoreOutcome): Eventually<void> {
    const distributed = this.distributeFrom(fresh, 0, false)
    return repeated ? andThen(distributed, () => this.distributeFrom(repeated, 0, true)) : distributed
  }

  /** Delivers here at once; waits only on announcing to other nodes, where there are any, one message at a time. */
  private distributeFrom(messages: StoredMessage[], start: number, repeated: boolean): Eventually<void> {
    for (let index = start; index < messages.length; index++) {
      const message = messages[index]!
      this.deliver(message, repeated)
      const announced = this.fanout.announce(message, repeated)
      if (announced)
        return announced
          .catch((error: unknown) => {
            // Stored already: the fanout has the other nodes re-read the topic's mailboxes once it can.
            this.logger.error('announcing a message to other nodes failed', {
              topic: message.topic,
              error: describeError(error),
            })
          })
          .then(() => this.distributeFrom(messages, index + 1, repeated))
    }
  }

  private deliver(message: StoredMessage, repeated: boolean): void {
    if (repeated) this.deliverFromMailbox(message)
    else this.deliverLocally(message)
  }

  private deliverLocally(message: StoredMessage): void {
    if (message.expiresAt <= this.now()) return
    let data: string | undefined
    for (const connection of this.subscribers.get(message.topic) ?? [])
      if (connection.clientId !== message.publisherId && !connection.isInFlight(message.id)) {
        // Left in the mailbox for the page pushed once the subscribe is answered, or once acks make room.
        if (!connection.hasRoomFor(message) || connection.awaitsAnswer(message.topic)) {
          connection.deferTopic(message.topic)
          continue
        }
        data ??= receivedMessageText(message)
        this.push(connection, message, 1, data)
      }
  }

  /**
   * Each subscriber that is not waiting on an acknowledgement of `message` is pushed its next page of the
   * topic, which leaves out what it acknowledged; behind the frames it sent before, so that an
   * acknowledgement under way is recorded first. The topic is deferred and one task per connection reads
   * what is deferred: a task each would let any publisher of copies fill another client's frame queue.
   */
  private deliverFromMailbox(message: StoredMessage): void {
    if (message.expiresAt <= this.now()) return
    for (const connection of this.subscribers.get(message.topic) ?? [])
      if (connection.clientId !== message.publisherId && !connection.isInFlight(message.id)) {
        connection.deferTopic(message.topic)
        connection.queueDeferredPages(this.pushDeferred)
      }
  }

  /**
   * Every subscriber here of `topics` is pushed its next page of each, as after a full queue: announcements
   * of messages stored meanwhile may have been lost, and the mailbox holds them still.
   */
  private refill(topics: readonly string[]): void {
    for (const topic of topics)
      for (const connection of this.subscribers.get(topic) ?? []) {
        connection.deferTopic(topic)
        connection.queueDeferredPages(this.pushDeferred)
      }
  }

  private readonly pushDeferred = (connection: RelayConnection, topics: string[]): Eventually<void> =>
    this.caught(connection, this.pushPages(connection, topics))

  private push(
    connection: RelayConnection,
    message: StoredMessage,
    attempts: number,
    data = receivedMessageText(message),
  ): void {
    const requestId = this.nextRequestId++
    connection.trackPush({ requestId, message, sentAt: this.now(), attempts })
    connection.send(subscriptionFrameText(requestId, connection.subscriptionId(message.topic), data))
  }

  private acknowledge(connection: RelayConnection, id: JsonRpcId): Eventually<void> {
    const requestId = pushIdOf(id)
    const entry = requestId === undefined ? undefined : connection.settlePush(requestId)
    if (!entry) {
      this.logger.debug('acknowledgement of nothing awaited', {
        clientId: connection.clientId,
        id: clientText(id),
      })
      return
    }
    // Not awaited: the connection's next frame need not wait for this commit, and whatever the store is
    // asked next (a page of pushes below, a subscribe) is queued behind it, so it sees the delivery.
    const marked = this.store.markDelivered(entry.message.id, connection.clientId)
    if (marked instanceof Promise)
      marked.then(
        (fresh) => this.countDelivered(fresh),
        (error: unknown) =>
          this.logger.error('recording a delivery failed; the message may be pushed again', {
            clientId: connection.clientId,
            error: describeError(error),
          }),
      )
    else this.countDelivered(marked)
    const deferred = connection.deferredTopicsToFill()
    if (deferred.length > 0) return this.pushPages(connection, deferred)
  }

  private countDelivered(fresh: boolean): void {
    if (fresh) this.counters.messagesDelivered++
  }

  private redeliver(): void {
    const now = this.now()
    for (const connection of this.connections)
      for (const entry of connection.overdue(now - this.ackTimeoutMs)) {
        connection.settlePush(entry.requestId)
        const { message } = entry
        // Not on a topic subscribed anew whose subscribe is not answered yet: the page after the answer has it.
        const { topic } = message
        if (message.expiresAt <= now || !connection.hasTopic(topic) || connection.awaitsAnswer(topic))
          continue
        if (entry.attempts >= this.maxDeliveryAttempts) {
          this.logger.warn('push never acknowledged; left in the mailbox', {
            clientId: connection.clientId,
            topic: message.topic,
            attempts: entry.attempts,
          })
          continue
        }
        this.push(connection, message, entry.attempts + 1)
      }
  }

  private async subscribe(connection: RelayConnection, topics: string[]): Promise<void> {
    if (!connection.open) return
    const ready: Promise<void>[] = []
    for (const topic of new Set(topics)) {
      if (connection.addTopic(topic)) {
        this.countAddressTopics(connection.address, 1)
        const local = this.subscribers.get(topic) ?? new Set<RelayConnection>()
        local.add(connection)
        this.subscribers.set(topic, local)
      }
      ready.push(this.watch(topic))
    }
    // Other nodes' announcements must be flowing before the mailbox is read, or a message stored
    // between the read and the watch would reach this subscriber by neither path.
    await Promise.all(ready)
  }

  private watch(topic: string): Promise<void> {
    let watched = this.watching.get(topic)
    if (!watched) {
      watched = this.fanout.watch(topic).catch((error: unknown) => {
        this.watching.delete(topic)
        throw error
      })
      this.watching.set(topic, watched)
    }
    return watched
  }

  private countAddressTopics(address: string, delta: number): void {
    const count = (this.addressTopics.get(address) ?? 0) + delta
    if (count > 0) this.addressTopics.set(address, count)
    else this.addressTopics.delete(address)
  }

  private removeSubscriber(connection: RelayConnection, topic: string): void {
    const local = this.subscribers.get(topic)
    if (!local) return
    local.delete(connection)
    if (local.size > 0) return
    this.subscribers.delete(topic)
    this.watching.delete(topic)
    void this.fanout.unwatch(topic).catch((error: unknown) => {
      this.logger.warn('unwatching a topic failed', { topic, error: describeError(error) })
    })
  }

  /**
   * Pushes stored messages on `topics` the connection has not had, as far as its in-flight room goes;
   * a topic with more left is remembered, and the next page follows as acknowledgements make room.
   */
  private async pushPages(connection: RelayConnection, topics: string[]): Promise<void> {
    for (const topic of new Set(topics)) {
      if (!(connection.open && connection.hasTopic(topic))) continue
      // Stays deferred: the subscribe's answer is followed by a page of it.
      if (connection.awaitsAnswer(topic)) continue
      // Cleared before the read, not after: a message deferred while it is under way, stored too late to be
      // in the page, marks the topic again and is pushed with the next page.
      connection.clearDeferred(topic)
      // In-flight messages come back from the store too (not acknowledged yet), so the page is that much larger,
      // and weighs up to the whole in-flight window: the room left plus what is in flight.
      const limit = this.limits.maxInFlightPushes + connection.inFlightCount
      const maxBytes = this.limits.maxInFlightBytes
      const page = await this.store
        .undelivered(topic, connection.clientId, this.now(), limit, maxBytes)
        .catch((error) => {
          // Still to be pushed: the next acknowledgement tries again.
          connection.deferTopic(topic)
          throw error
        })
      // A page cut short by its bytes ends with the message that passed them.
      let complete = page.length < limit && totalTextBytes(page) <= maxBytes
      for (const message of page) {
        if (!connection.open) return
        if (connection.isInFlight(message.id)) continue
        if (!connection.hasRoomFor(message)) {
          complete = false
          break
        }
        this.push(connection, message, 1)
      }
      if (!complete) connection.deferTopic(topic)
    }
  }

  /** A page of at most `maxFetchMessages` messages and, past the first, `maxFrameBytes` of their bytes. */
  private async fetch(connection: RelayConnection, topics: string[]): Promise<FetchedPage> {
    const limit = this.limits.maxFetchMessages
    const found: StoredMessage[] = []
    let bytes = 0
    let hasMore = false
    pages: for (const topic of new Set(topics)) {
      const room = limit - found.length
      const page = await this.store.undelivered(
        topic,
        connection.clientId,
        this.now(),
        room + 1,
        this.limits.maxFrameBytes - bytes,
      )
      for (const message of page) {
        const size = textBytes(message)
        if (found.length >= limit || (found.length > 0 && bytes + size > this.limits.maxFrameBytes)) {
          hasMore = true
          break pages
        }
        found.push(message)
        bytes += size
      }
      // All taken and still past the frame: a first message larger than a frame, returned alone whatever follows it.
      if (bytes > this.limits.maxFrameBytes) {
        hasMore = true
        break
      }
    }
    return { messages: found, hasMore }
  }

  /** Asked all at once, not one after another: a store on a server pipelines them, SQLite commits them together. */
  private async markFetched(connection: RelayConnection, messages: StoredMessage[]): Promise<void> {
    const marked = await Promise.all(
      messages.map((message) => this.store.markDelivered(message.id, connection.clientId)),
    )
    for (const fresh of marked) this.countDelivered(fresh)
  }
}

// Buckets looked at before frames waiting get their turn: well under a millisecond's work.
const PRUNED_PER_TURN = 1024

/** After the frames and timers due now; in a browser (the mock relay) too, where there is no setImmediate. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}

// Error messages quote at most this much (a topic, a method name, a schema issue or two).
const MAX_ERROR_MESSAGE_CHARS = 500

/** A parse failure's id is echoed only when it is short; a longer one gets `null` like an unreadable one. */
function idToEcho(id: JsonRpcId | null): JsonRpcId | null {
  return typeof id === 'string' && id.length > MAX_ID_CHARS ? null : id
}

/**
 * The push an acknowledgement names: pushes carry safe integer ids, which a client may echo as a number,
 * a string of the same digits, or a bigint; anything else names no push.
 */
function pushIdOf(id: JsonRpcId): number | undefined {
  if (typeof id === 'number') return id
  const text = String(id)
  const number = Number(text)
  return Number.isSafeInteger(number) && String(number) === text ? number : undefined
}

function every(intervalMs: number, task: () => Promise<void>): ReturnType<typeof setInterval> {
  const timer = setInterval(() => void task(), intervalMs)
  // Timers alone must not keep a process (or a test run) alive.
  unrefTimer(timer)
  return timer
}
