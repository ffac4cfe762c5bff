import type { StoredMessage } from './message.js'

/** The socket under a connection, whatever it is (ws, mock-socket, …). */
export type ConnectionTransport = {
  send(text: string): void
  close(code: number, reason: string): void
}

/** A message pushed on this connection and not yet acknowledged. */
export type InFlight = { message: StoredMessage; sentAt: number; attempts: number }

/** One client socket: who it is, what it listens to, and what it still has to acknowledge. */
export class RelayConnection {
  readonly topics = new Set<string>()
  private readonly inflightByRequest = new Map<string, InFlight>()
  private readonly inflightMessages = new Set<string>()
  private queue: Promise<void> = Promise.resolve()
  private isOpen = true

  constructor(
    readonly id: number,
    readonly clientId: string,
    private readonly transport: ConnectionTransport,
  ) {}

  get open(): boolean {
    return this.isOpen
  }

  /**
   * Frames are handled one after another, so a client sees its calls take effect in order. A task that
   * fails rejects the promise returned here but never stops the frames queued after it.
   */
  enqueue(task: () => Promise<void>): Promise<void> {
    const run = this.queue.then(task)
    this.queue = run.catch(() => undefined)
    return run
  }

  /** Resolves once every frame received so far has been handled. */
  drained(): Promise<void> {
    return this.queue
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
    return [...this.inflightByRequest].filter(([, entry]) => entry.sentAt <= cutoff)
  }
}
