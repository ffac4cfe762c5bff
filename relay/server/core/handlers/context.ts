import type { FetchMessagesResult, JsonRpcErrorObject } from '../../../protocol/index.js'
import type { RelayConnection } from '../connection.js'
import type { RelayLimits } from '../limits.js'
import type { StoredMessage } from '../message.js'

/** What a method handler may do; the core implements it for the calling connection. */
export type HandlerContext = {
  readonly connection: RelayConnection
  readonly limits: RelayLimits
  now(): number
  /** Takes `cost` publishes from the caller's rate budget; false when it is spent. */
  takePublishTokens(cost: number): boolean
  /** Stores messages durably; resolves with those that were not stored before. */
  store(messages: StoredMessage[]): Promise<StoredMessage[]>
  /** Hands stored messages to their subscribers here and on other nodes. */
  distribute(messages: StoredMessage[]): Promise<void>
  /** Adds topics to the caller's subscriptions; resolves once messages for them will reach it. */
  subscribe(topics: string[]): Promise<void>
  /** Pushes to the caller every stored message on `topics` it has not acknowledged yet. */
  pushUndelivered(topics: string[]): Promise<void>
  unsubscribe(topics: string[]): Promise<void>
  /** Returns, and counts as delivered, messages on `topics` the caller has not had yet. */
  fetch(topics: string[]): Promise<FetchMessagesResult>
}

/**
 * A handler's answer. `after` runs once the response is on the wire: a client must see its subscribe
 * answered before the stored messages it triggers, and its publish acked before the fan-out.
 */
export type HandlerOutcome =
  | { ok: true; result: unknown; after?: () => Promise<void> }
  | { ok: false; error: JsonRpcErrorObject }

export type Handler<Params> = (context: HandlerContext, params: Params) => Promise<HandlerOutcome>

export function success(result: unknown, after?: () => Promise<void>): HandlerOutcome {
  return after ? { ok: true, result, after } : { ok: true, result }
}

export function failure(code: number, message: string): HandlerOutcome {
  return { ok: false, error: { code, message } }
}
