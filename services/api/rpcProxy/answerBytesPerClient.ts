import { CountsPerClient } from './countsPerClient.js'

/**
 * Answer bytes one client may have the api hold unsent before it is refused 429: four of the largest answers
 * the upstream is read for (8 MiB). Checked before a request is forwarded and again when its answer is ready,
 * so a client holding nothing is served whatever its answer's size, one that asked for many at once holds at
 * most its budget and one answer, and one over the budget waits only until it reads.
 */
export const DEFAULT_MAX_ANSWER_BYTES_PER_CLIENT = 32 * 1024 * 1024

/**
 * The bytes of answers each client has left in this process unread: written to its response but not yet
 * taken by the kernel, because it reads slowly or not at all. Only an answer the kernel did not take at once
 * is counted, whole, from its write until it has gone or its connection has; before the
 * write an answer is held only while it is parsed and put in the client's order, with no wait the client
 * chooses. Counted in this process alone, like PendingCallsPerClient: the bytes are held only by the
 * process holding the response, so their count lives and ends there.
 */
export class AnswerBytesPerClient extends CountsPerClient {
  constructor(private readonly limit: number) {
    super()
  }

  /** Whether `client` holds more than its budget: its requests and ready answers wait until it reads. */
  over(client: string): boolean {
    return (this.counts.get(client) ?? 0) > this.limit
  }

  /** Counts `bytes` more for `client`; returns what gives them back once they are no longer held. */
  hold(client: string, bytes: number): () => void {
    this.counts.set(client, (this.counts.get(client) ?? 0) + bytes)
    return () => this.release(client, bytes)
  }
}
