import type { RelayClientError } from './errors.js'

export type Outcome = { ok: true; result: unknown } | { ok: false; error: RelayClientError }

export type OutboxEntry = {
  readonly id: string
  readonly method: string
  /** The encoded JSON-RPC request, sent again as-is after a reconnect. */
  readonly text: string
  /** Whether to resend after a reconnect; internal resubscribes are rebuilt instead. */
  readonly retry: boolean
  sent: boolean
  settle(outcome: Outcome): void
}

/** Every request not yet answered, in issue order: the in-flight ones and those waiting for a socket. */
export class Outbox {
  readonly #entries = new Map<string, OutboxEntry>()

  add(entry: OutboxEntry): void {
    this.#entries.set(entry.id, entry)
  }

  get(id: string): OutboxEntry | undefined {
    return this.#entries.get(id)
  }

  delete(id: string): void {
    this.#entries.delete(id)
  }

  unsent(): OutboxEntry[] {
    return [...this.#entries.values()].filter((entry) => !entry.sent)
  }

  /** The socket dropped: answers to in-flight requests are lost, so retryable ones wait to be resent. */
  requeue(error: RelayClientError): void {
    for (const entry of [...this.#entries.values()]) {
      if (entry.retry) entry.sent = false
      else entry.settle({ ok: false, error })
    }
  }

  failAll(error: RelayClientError): void {
    for (const entry of [...this.#entries.values()]) entry.settle({ ok: false, error })
  }
}
