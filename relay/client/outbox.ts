import type { RelayClientError } from './errors.js'

export type Outcome = { ok: true; result: unknown } | { ok: false; error: RelayClientError }

export type OutboxEntry = {
  readonly id: string
  readonly method: string
  /** The encoded JSON-RPC request, sent again as-is after a reconnect. */
  readonly text: string
  /** Whether to resend after a reconnect; internal resubscribes are rebuilt instead. */
  readonly retry: boolean
  /**
   * False until sent on the current socket; then how many frames the client had read by then, so that a
   * timeout can tell whether the socket has delivered anything since.
   */
  sent: false | number
  settle(outcome: Outcome): void
}

/**
 * Every request not yet answered, by id in issue order: the in-flight ones and those waiting for a socket.
 * Settling an entry deletes it, which iterating a Map allows.
 */
export class Outbox extends Map<string, OutboxEntry> {
  /** The socket dropped: answers to in-flight requests are lost, so retryable ones wait to be resent. */
  requeue(error: RelayClientError): void {
    for (const entry of this.values()) {
      if (entry.retry) entry.sent = false
      else entry.settle({ ok: false, error })
    }
  }

  failAll(error: RelayClientError): void {
    for (const entry of this.values()) entry.settle({ ok: false, error })
  }
}
