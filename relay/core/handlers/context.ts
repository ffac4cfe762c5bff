import type { Eventually } from '@pairwise/common'
import type { JsonRpcErrorObject } from '../../protocol/index.js'
import type { HandlerContext, StoreOutcome } from '../connection.js'

/**
 * A handler's answer. `after` runs once the response is on the wire: a client must see its subscribe
 * answered before the stored messages it triggers, and its publish acked before the fan-out. A refused
 * call may have an `after` too: what a batch stored before the mailbox filled is still delivered.
 */
export type HandlerOutcome =
  | { ok: true; result: unknown; after?: FollowUp }
  | { ok: false; error: JsonRpcErrorObject; after?: FollowUp }

/** Done when it returns, unless it returns a promise. `answered`: the answer was handed to an open socket. */
export type FollowUp = (answered: boolean) => Eventually<void>

/** A call's outcome, at once when nothing it does waits (a publish to a store in memory), else a promise. */
export type Handler<Params> = (context: HandlerContext, params: Params) => Eventually<HandlerOutcome>

export function success(result: unknown, after?: FollowUp): HandlerOutcome {
  return after ? { ok: true, result, after } : { ok: true, result }
}

export function failure(code: number, message: string): HandlerOutcome {
  return { ok: false, error: { code, message } }
}

/** Acks a publishing call whose messages were all stored, or answers the mailbox's refusal; `after` runs either way. */
export function stored(outcome: StoreOutcome, after: FollowUp): HandlerOutcome {
  return outcome.refusal ? { ok: false, error: outcome.refusal, after } : success(true, after)
}
