import { type Eventually, unrefTimer } from '@pairwise/common'
import { type JsonRpcErrorObject, RelayCloseCode } from '../protocol/index.js'
import type { RelayLimits } from './limits.js'
import { type StoredMessage, subscriptionId, textBytes } from './message.js'

/** The socket under a connection, whatever it is (ws, mock-socket, …). */
export type ConnectionTransport = {
  /**
   * False when `text` may never reach the client: the socket takes nothing more (its closing handshake
   * has begun) and it was dropped, or it is what made the socket close (its client was not reading).
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: a transport that never drops a frame (mock-socket's) returns nothing
  send(text: string): boolean | void
  close(code: number, reason: string): void
  /**
   * Stop and restart reading frames from the socket, so that a client sending faster than the relay
   * handles waits in its own TCP buffers. Where a socket cannot (mock-socket), a connection over its
   * frame queue cap is closed instead.
   */
  pause?(): void
  resume?(): void
}

export type ConnectionLimits = Pick<
  RelayLimits,
  'maxPendingFrames' | 'maxPendingFrameBytes' | 'maxInFlightPushes' | 'maxInFlightBytes'
>

/** A message pushed on this connection, as request `requestId`, and not yet acknowledged. */
export type InFlight = { requestId: number; message: StoredMessage; sentAt: number; attempts: number }

/** Which publish budget a call was refused by, or `granted` when every budget had room and was charged. */
export type PublishBudget = 'granted' | 'client' | 'address' | 'addressBytes'

/** Messages the caller has not had yet, oldest first, and whether more were left for the next call. */
export type FetchedPage = { messages: StoredMessage[]; hasMore: boolean }

/**
 * Messages a call stored anew; those the store had already (`repeated`, a publish retried); and the error to
 * answer when the mailbox refused one (the rest untried).
 */
export type StoreOutcome = {
  fresh: StoredMessage[]
  repeated?: StoredMessage[]
  refusal?: JsonRpcErrorObject
}

/** What a method handler may do; the core implements it for the calling connection. */
export type HandlerContext = {
  readonly connection: RelayConnection
  readonly limits: RelayLimits
  now(): number
  /** Subscriptions held by every connection from the caller's address. */
  addressTopicCount(): number
  /** Charges `count` publishes of `bytes` (`mailboxBytes`) to the caller's client id and address. */
  takePublishTokens(count: number, bytes: number): PublishBudget
  /** Stores messages durably, in order, until the mailbox refuses one; at once where the store is in memory. */
  store(messages: StoredMessage[]): Eventually<StoreOutcome>
  /**
   * Hands what a call stored to subscribers here and on other nodes, a repeated message only to those that
   * have not had it (see `RelayFanout`); at once where no other node hears.
   */
  distribute(stored: StoreOutcome): Eventually<void>
  /** Adds topics to the caller's subscriptions; resolves once messages for them will reach it. */
  subscribe(topics: string[]): Promise<void>
  /**
   * Pushes to the caller the stored messages on `topics` it has not acknowledged yet: a page as large as
   * its in-flight room, the rest as it acknowledges.
   */
  pushUndelivered(topics: string[]): Promise<void>
  unsubscribe(topics: string[]): Promise<void>
  /** A page of the messages on `topics` the caller has not had yet, not counted as delivered. */
  fetch(topics: string[]): Promise<FetchedPage>
  /** Counts `messages` as delivered to the caller, all at once. */
  markDelivered(messages: StoredMessage[]): Promise<void>
}

// A frame's handling: done when it returns, unless it returns a promise (it waits on a store or other nodes).
type Task = () => Eventually<void>
type Pending = { task: Task; bytes: number }

/** One client socket: who it is, what it listens to, and what it still has to acknowledge. */
export class RelayConnection {
  /** What method handlers may do on behalf of this connection; made once, used by every call. */
  readonly context: HandlerContext
  // Subscribed topics, each with the subscription id pushes name it by (a hash, so computed once).
  private readonly subscriptions = new Map<string, string>()
  // Oldest first, at most maxInFlightPushes, so a lookup scans few and acks mostly find the first. Not a
  // Map and a Set: emptied and refilled with every push, each allocated a new table every time; with a
  // core in one process and 10,000 connections, a message cost some 3 µs of 20 more with them.
  private readonly inflight: InFlight[] = []
  private inflightBytes = 0
  // Topics with stored messages not pushed yet for lack of in-flight room; pushed as acks make room.
  private readonly backlog = new Set<string>()
  // Topics added by a call not answered yet. Nothing is pushed on them before the answer: a client that does
  // not know the subscription yet may drop the push and still acknowledge it.
  private readonly unanswered = new Set<string>()
  private waiting: Pending[] = []
  private waitingBytes = 0
  // A task pushing the deferred topics is queued and has not begun: topics deferred meanwhile are read by
  // it, so another client's flood of retried publishes queues one task here, not one per message.
  private pagesQueued = false
  // Reading stops while the frame queue is over its caps, or while the address's receive budget is spent.
  private queueFull = false
  private hold: ReturnType<typeof setTimeout> | undefined
  private paused = false
  // True from the moment a frame is taken up until the queue is empty; `running` is what it waits on, if anything.
  private busy = false
  private running: Promise<void> | undefined
  private isOpen = true

  constructor(
    readonly id: number,
    readonly clientId: string,
    /** The remote address the socket comes from; publish rates and connection caps are counted per address. */
    readonly address: string,
    private readonly transport: ConnectionTransport,
    private readonly limits: ConnectionLimits,
    contextFor: (connection: RelayConnection) => HandlerContext,
  ) {
    this.context = contextFor(this)
  }

  get open(): boolean {
    return this.isOpen
  }

  get topicCount(): number {
    return this.subscriptions.size
  }

  hasTopic(topic: string): boolean {
    return this.subscriptions.has(topic)
  }

  /** True when the topic was not subscribed before; pushes on it then wait for `answered`. */
  addTopic(topic: string): boolean {
    if (this.subscriptions.has(topic)) return false
    this.subscriptions.set(topic, subscriptionId(topic, this.clientId))
    this.unanswered.add(topic)
    return true
  }

  /** The calls that subscribed to `topics` are answered: pushes on them may go. */
  answered(topics: readonly string[]): void {
    for (const topic of topics) this.unanswered.delete(topic)
  }

  /** Whether pushes on `topic` wait: the call that subscribed to it is not answered yet. */
  awaitsAnswer(topic: string): boolean {
    return this.unanswered.size > 0 && this.unanswered.has(topic)
  }

  /** True when the topic was subscribed. */
  removeTopic(topic: string): boolean {
    this.backlog.delete(topic)
    this.unanswered.delete(topic)
    return this.subscriptions.delete(topic)
  }

  /** Removes every topic and returns them. */
  clearTopics(): string[] {
    const topics = [...this.subscriptions.keys()]
    this.subscriptions.clear()
    this.backlog.clear()
    this.unanswered.clear()
    return topics
  }

  /** The id a push on `topic` carries; the official client computes the same. */
  subscriptionId(topic: string): string {
    return this.subscriptions.get(topic) ?? subscriptionId(topic, this.clientId)
  }

  /**
   * Frames are handled one after another, so a client sees its calls take effect in order. A task that
   * fails never stops the frames queued after it; tasks handle their own errors. `bytes` is the frame's
   * size: past the pending-frame caps the socket is not read until the queue has halved. A task that
   * finishes without a promise lets the next run in the same turn: a frame costs no promise of its own.
   */
  enqueue(task: Task, bytes: number): void {
    if (!this.isOpen) return
    this.waiting.push({ task, bytes })
    this.waitingBytes += bytes
    if (
      this.waiting.length > this.limits.maxPendingFrames ||
      this.waitingBytes > this.limits.maxPendingFrameBytes
    )
      this.throttle()
    if (!this.busy) this.runWaiting()
  }

  private throttle(): void {
    if (this.queueFull) return
    if (!this.transport.pause) {
      this.close(RelayCloseCode.frameQueueFull, 'too many frames waiting to be handled')
      return
    }
    this.queueFull = true
    this.updateReading()
  }

  /** Stops reading the socket for `ms` (its address sent more than its budget); where it cannot, does nothing. */
  holdFor(ms: number): void {
    if (!this.isOpen || !this.transport.pause) return
    clearTimeout(this.hold)
    this.hold = setTimeout(() => {
      this.hold = undefined
      this.updateReading()
    }, ms)
    // Holding a socket must not keep a process (or a test run) alive.
    unrefTimer(this.hold)
    this.updateReading()
  }

  private updateReading(): void {
    const pause = this.isOpen && (this.queueFull || this.hold !== undefined)
    if (pause === this.paused) return
    this.paused = pause
    if (pause) this.transport.pause?.()
    else this.transport.resume?.()
  }

  private runWaiting(): void {
    this.busy = true
    for (let next = this.waiting.shift(); next; next = this.waiting.shift()) {
      this.waitingBytes -= next.bytes
      let pending: Eventually<void>
      try {
        pending = next.task()
      } catch {
        pending = undefined
      }
      if (pending instanceof Promise) {
        this.running = pending.then(this.resumeWaiting, this.resumeWaiting)
        return
      }
      this.resumeReadingIfDrained()
    }
    this.busy = false
    this.running = undefined
  }

  private readonly resumeWaiting = (): void => {
    this.resumeReadingIfDrained()
    this.runWaiting()
  }

  private resumeReadingIfDrained(): void {
    if (
      this.queueFull &&
      this.waiting.length <= this.limits.maxPendingFrames / 2 &&
      this.waitingBytes <= this.limits.maxPendingFrameBytes / 2
    ) {
      this.queueFull = false
      this.updateReading()
    }
  }

  /** Resolves once every frame received so far has been handled. */
  async drained(): Promise<void> {
    while (this.running) await this.running
  }

  /** Whether `text` was handed to an open socket. */
  send(text: string): boolean {
    return this.isOpen && this.transport.send(text) !== false
  }

  markClosed(): void {
    this.isOpen = false
    this.inflight.length = 0
    this.inflightBytes = 0
    this.backlog.clear()
    // Frames not handled yet could not be answered any more.
    this.waiting = []
    this.waitingBytes = 0
    this.pagesQueued = false
    clearTimeout(this.hold)
    this.hold = undefined
  }

  close(code: number, reason: string): void {
    if (!this.isOpen) return
    this.markClosed()
    this.transport.close(code, reason)
  }

  isInFlight(messageId: string): boolean {
    for (const entry of this.inflight) if (entry.message.id === messageId) return true
    return false
  }

  /** Whether `message` may be pushed now: one push always may, more while the in-flight caps allow. */
  hasRoomFor(message: StoredMessage): boolean {
    const count = this.inflight.length
    if (count === 0) return true
    return (
      count < this.limits.maxInFlightPushes &&
      this.inflightBytes + textBytes(message) <= this.limits.maxInFlightBytes
    )
  }

  get inFlightCount(): number {
    return this.inflight.length
  }

  /** Remembers that `topic` has messages this connection was not pushed for lack of room. */
  deferTopic(topic: string): void {
    if (this.subscriptions.has(topic)) this.backlog.add(topic)
  }

  /** Forgets that `topic` has messages waiting: a page of them is being read. */
  clearDeferred(topic: string): void {
    this.backlog.delete(topic)
  }

  /**
   * Queues `fill` with the deferred topics behind the frames received so far, unless such a task is queued
   * already and has not begun: that one reads the topics deferred since.
   */
  queueDeferredPages(fill: (connection: RelayConnection, topics: string[]) => Eventually<void>): void {
    if (this.pagesQueued || !this.isOpen) return
    this.pagesQueued = true
    this.enqueue(() => {
      this.pagesQueued = false
      return fill(this, [...this.backlog])
    }, 0)
  }

  /** Topics to push more from, once at most half the in-flight room is taken; none before. */
  deferredTopicsToFill(): string[] {
    if (this.backlog.size === 0) return []
    if (this.inflight.length > this.limits.maxInFlightPushes / 2) return []
    if (this.inflightBytes > this.limits.maxInFlightBytes / 2) return []
    return [...this.backlog]
  }

  trackPush(entry: InFlight): void {
    this.inflight.push(entry)
    this.inflightBytes += textBytes(entry.message)
  }

  /** Removes and returns what request `requestId` pushed, if it is still awaited. */
  settlePush(requestId: number): InFlight | undefined {
    const { inflight } = this
    const index = inflight.findIndex((entry) => entry.requestId === requestId)
    if (index < 0) return undefined
    const entry = inflight[index]!
    // Shifted down and popped rather than spliced: the order stays, and nothing is allocated.
    for (let next = index + 1; next < inflight.length; next++) inflight[next - 1] = inflight[next]!
    inflight.pop()
    this.inflightBytes -= textBytes(entry.message)
    return entry
  }

  /** Pushes sent at or before `cutoff` and still unacknowledged, oldest first. */
  overdue(cutoff: number): InFlight[] {
    if (this.inflight.length === 0) return []
    return this.inflight.filter((entry) => entry.sentAt <= cutoff)
  }
}
