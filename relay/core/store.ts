import type { Eventually } from '@pairwise/common'
import type { StoredMessage } from './message.js'

/**
 * What a mailbox may hold; the core passes its limits with every `put`. Sizes count the envelope and
 * attestation text (base64 and a JWT, one byte a character) and the fixed cost of holding a message
 * (`mailboxBytes`), so that a cap in bytes bounds tiny messages too. Messages past their expiry do not
 * count, whether or not a sweep has dropped them yet.
 */
export type MailboxCaps = {
  /**
   * Unexpired messages one topic's mailbox holds at most. A put that would pass it first evicts, oldest
   * first, as many of the topic's messages as it needs among those some client acknowledged or fetched
   * (a delivery record: never the publisher's own); it is refused only when fewer than that are.
   */
  maxMessagesPerTopic: number
  /** Bytes (`mailboxBytes`) all mailboxes of the store hold at most. */
  maxTotalBytes: number
}

/**
 * What `put` did: stored it; found it stored already (a client retry); or refused it, storing nothing,
 * because its publisher's address holds its share already, or the topic's mailbox or the whole store is full.
 */
export type PutOutcome = 'stored' | 'duplicate' | 'addressFull' | 'topicFull' | 'storeFull'

/**
 * Where mailboxes live. Every method may be asynchronous (Redis); a resolved `put` means the message
 * is as durable as the store can make it, because the publisher is acked only after it. A rejected
 * call means that call did nothing; it never leaves a write half-done. `put` and `markDelivered`, called
 * for every message, may answer at once (a store in memory), sparing the relay a promise each.
 */
export interface MailboxStore {
  /**
   * Stores `message` unless one with its id is stored and unexpired at its `publishedAt` (a copy past its
   * expiry does not count, swept or not) or a cap would be exceeded even after evicting the topic's
   * delivered messages (see `maxMessagesPerTopic`; what they free counts for the store's bytes too).
   * Eviction and store are one step: a refused put evicts nothing. `addressFull`:
   * the publisher's address has used its share (the core counts it), so a new message is refused with
   * 'addressFull' while a retry of a stored one is still a duplicate.
   */
  put(message: StoredMessage, caps: MailboxCaps, addressFull?: boolean): Eventually<PutOutcome>
  /**
   * Unexpired messages on `topic` that `clientId` neither published nor is recorded as having, oldest
   * first, at most `limit`, and none past the first whose running total of `textBytes` passes `maxBytes`:
   * that one is returned, so a caller filling a frame or an in-flight window of `maxBytes` learns that
   * more remain, and a single message larger than `maxBytes` still comes back alone. The budget is what
   * keeps a page of large messages from being read into memory only to be left out of the frame.
   */
  undelivered(
    topic: string,
    clientId: string,
    now: number,
    limit: number,
    maxBytes: number,
  ): Promise<StoredMessage[]>
  /**
   * Records that `clientId` has the message; true when this recorded it, false when it was recorded before
   * or the message is gone. Past MAX_DELIVERY_RECORDS_PER_MESSAGE another client's record gives way to it.
   */
  markDelivered(id: string, clientId: string): Eventually<boolean>
  /** Drops every message expired at `now`; resolves with how many this call dropped. */
  purgeExpired(now: number): Promise<number>
  /** Messages held now, expired or not yet purged included. */
  size(): Promise<number>
  /** Flushes whatever is pending and releases the store. */
  close(): Promise<void>
}
