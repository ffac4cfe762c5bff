import type { HandlerContext } from './handlers/context.js'
import { type StoredMessage, subscriptionId } from './message.js'

/** The socket under a connection, whatever it is (ws, mock-socket, …). */
export type ConnectionTransport = {
  send(text: string): void
  close(code: number, reason: string): void
}

/** A message pushed on this connection and not yet acknowledged. */
export type InFlight = { message: StoredMessage; sentAt: number; attempts: number }

type Task = () => Promise<void>

/** One client socket: who it is, what it listens to, and what it still has to acknowledge. */
export class RelayConnection {
  /** What method handlers may do on behalf of this connection; made once, used by every call. */
  readonly context: HandlerContext
  // Subscribed topics, each with the subscription id pushes name it by (a hash, so computed once).
  private readonly subscriptions = new Map<string, string>()
  private readonly inflightByRequest = new Map<string, InFlight>()
  private readonly inflightMessages = new Set<string>()
  private readonly waiting: Task[] = []
  private running: Promise<void> | undefined
  private isOpen = true

  constructor(
    readonly id: number,
    readonly clientId: string,
    private readonly transport: ConnectionTransport,
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

  /** True when the topic was not subscribed before. */
  addTopic(topic: string): boolean {
    if (this.subscriptions.has(topic)) return false
    this.subscriptions.set(topic, subscriptionId(topic, this.clientId))
    return true
  }

  /** True when the topic was subscribed. */
  removeTopic(topic: string): boolean {
    return this.subscriptions.delete(topic)
  }

  /** Removes every topic and returns them. */
  clearTopics(): string[] {
    const topics = [...this.subscriptions.keys()]
    this.subscriptions.clear()
    return topics
  }

  /** The id a push on `topic` carries; the official client computes the same. */
  subscriptionId(topic: string): string {
    return this.subscriptions.get(topic) ?? subscriptionId(topic, this.clientId)
  }

  /**
   * Frames are handled one after another, so a client sees its calls take effect in order. A task that
   * fails never stops the frames queued after it; tasks handle their own errors.
   */
  enqueue(task: Task): void {
    this.waiting.push(task)
    this.running ??= this.runWaiting()
  }

  private async runWaiting(): Promise<void> {
    for (let task = this.waiting.shift(); task; task = this.waiting.shift())
      await task().catch(() => undefined)
    this.running = undefined
  }

  /** Resolves once every frame received so far has been handled. */
  async drained(): Promise<void> {
    while (this.running) await this.running
  }

  send(text: string): void {
    if (this.isOpen) this.transport.send(text)
  }

  markClosed(): void {
    this.isOpen = false
    this.inflightByRequest.clear()
    this.inflightMessages.clear()
  }

  close(code: number, reason: string): void {
    if (!this.isOpen) return
    this.markClosed()
    this.transport.close(code, reason)
  }

  isInFlight(messageId: string): boolean {
    return this.inflightMessages.has(messageId)
  }

  trackPush(requestId: string, entry: InFlight): void {
    this.inflightByRequest.set(requestId, entry)
    this.inflightMessages.add(entry.message.id)
  }

  /** Removes and returns what request `requestId` pushed, if it is still awaited. */
  settlePush(requestId: string): InFlight | undefined {
    const entry = this.inflightByRequest.get(requestId)
    if (!entry) return undefined
    this.inflightByRequest.delete(requestId)
    this.inflightMessages.delete(entry.message.id)
    return entry
  }

  /** Pushes sent at or before `cutoff` and still unacknowledged. */
  overdue(cutoff: number): [string, InFlight][] {
    if (this.inflightByRequest.size === 0) return []
    return [...this.inflightByRequest].filter(([, entry]) => entry.sentAt <= cutoff)
  }
}
