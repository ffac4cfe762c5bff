import type { FetchMessagesResult, JsonRpcErrorObject } from '../../../protocol/index.js'
import type { RelayConnection } from '../connection.js'
import type { RelayLimits } from '../limits.js'
import type { StoredMessage } from '../message.js'

/** Which publish budget a call was refused by, or `granted` when every budget had room and was charged. */
export type PublishBudget = 'granted' | 'client' | 'address' | 'addressBytes'

/** Messages a call stored anew, and the error to answer when the mailbox refused one (the rest untried). */
export type StoreOutcome = { fresh: StoredMessage[]; refusal?: JsonRpcErrorObject }

/** What a method handler may do; the core implements it for the calling connection. */
export type HandlerContext = {
  readonly connection: RelayConnection
  readonly limits: RelayLimits
  now(): number
  /** Subscriptions held by every connection from the caller's address. */
  addressTopicCount(): number
  /** Charges `count` publishes of `bytes` envelope bytes to the caller's client id and address. */
  takePublishTokens(count: number, bytes: number): PublishBudget
  /** Stores messages durably, in order, until the mailbox refuses one. */
  store(messages: StoredMessage[]): Promise<StoreOutcome>
  /** Hands stored messages to their subscribers here and on other nodes. */
  distribute(messages: StoredMessage[]): Promise<void>
  /** Adds topics to the caller's subscriptions; resolves once messages for them will reach it. */
  subscribe(topics: string[]): Promise<void>
  /**
   * Pushes to the caller the stored messages on `topics` it has not acknowledged yet: a page as large as
   * its in-flight room, the rest as it acknowledges.
   */
  pushUndelivered(topics: string[]): Promise<void>
  unsubscribe(topics: string[]): Promise<void>
  /** Returns, and counts as delivered, messages on `topics` the caller has not had yet. */
  fetch(topics: string[]): Promise<FetchMessagesResult>
}

/**
 * A handler's answer. `after` runs once the response is on the wire: a client must see its subscribe
 * answered before the stored messages it triggers, and its publish acked before the fan-out. A refused
 * call may have an `after` too: what a batch stored before the mailbox filled is still delivered.
 */
export type HandlerOutcome =
  | { ok: true; result: unknown; after?: () => Promise<void> }
  | { ok: false; error: JsonRpcErrorObject; after?: () => Promise<void> }

export type Handler<Params> = (context: HandlerContext, params: Params) => Promise<HandlerOutcome>

export function success(result: unknown, after?: () => Promise<void>): HandlerOutcome {
  return after ? { ok: true, result, after } : { ok: true, result }
}

export function failure(code: number, message: string): HandlerOutcome {
  return { ok: false, error: { code, message } }
}

/** Acks a publishing call whose messages were all stored, or answers the mailbox's refusal; `after` runs either way. */
export function stored(outcome: StoreOutcome, after: () => Promise<void>): HandlerOutcome {
  return outcome.refusal ? { ok: false, error: outcome.refusal, after } : success(true, after)
}
