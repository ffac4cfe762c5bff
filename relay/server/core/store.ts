import type { StoredMessage } from './message.js'

/**
 * Where mailboxes live. Every method may be asynchronous (Redis); a resolved `put` means the message
 * is as durable as the store can make it, because the publisher is acked only after it.
 */
export interface MailboxStore {
  /** Stores `message` unless one with its id is stored already; true when it was new. */
  put(message: StoredMessage): Promise<boolean>
  /**
   * Unexpired messages on `topic` that `clientId` neither published nor acknowledged, oldest first, at
   * most `limit`.
   */
  undelivered(topic: string, clientId: string, now: number, limit: number): Promise<StoredMessage[]>
  /** Records that `clientId` has the message; true when it did not have it before. */
  markDelivered(id: string, clientId: string): Promise<boolean>
  /** Drops every message expired at `now`; resolves with how many this call dropped. */
  purgeExpired(now: number): Promise<number>
  /** Messages held now, expired or not yet purged included. */
  size(): Promise<number>
  /** Flushes whatever is pending and releases the store. */
  close(): Promise<void>
}
