import type { Deferred } from './deferred.js'
import { type ErrorResponse, SignClientError } from './errors.js'
import type { JsonRpcResponse } from './jsonrpc/index.js'
import type { Session } from './schemas/index.js'

/** A dapp-side `authenticate()` waiting for the wallet's answer; what else it holds is the caller's business. */
type Authentication = { result: Deferred<unknown> }

/**
 * The calls a client has open and waits on: peers' answers to the requests it sent, its `connect()`
 * approvals by proposal id, and its `authenticate()` calls by request id. Each is registered, settled
 * or cancelled here, once; closing the client cancels what is left.
 */
export class PendingCalls<A extends Authentication = Authentication> {
  readonly #answers = new Map<number, (response: JsonRpcResponse) => void>()
  readonly #approvals = new Map<number, Deferred<Session>>()
  readonly #authentications = new Map<number, A>()

  /** Calls `onAnswer` with the peer's answer to request `id`, once. */
  awaitAnswer(id: number, onAnswer: (response: JsonRpcResponse) => void): void {
    this.#answers.set(id, onAnswer)
  }

  /** Hands `response` to whoever waits for it; false when nobody does. */
  answer(response: JsonRpcResponse): boolean {
    const waiter = this.#answers.get(response.id)
    waiter?.(response)
    return waiter !== undefined
  }

  stopAwaiting(id: number): void {
    this.#answers.delete(id)
  }

  openApproval(proposalId: number, approval: Deferred<Session>): void {
    this.#approvals.set(proposalId, approval)
  }

  /** The open approval of `proposalId`, left open. */
  approval(proposalId: number): Deferred<Session> | undefined {
    return this.#approvals.get(proposalId)
  }

  /** The proposal ids whose `connect()` approval is still open, oldest first. */
  approvalIds(): number[] {
    return [...this.#approvals.keys()]
  }

  /** Ends the approval: resolved with the session, rejected with an error, or (neither) just forgotten. */
  settleApproval(proposalId: number, outcome?: { session: Session } | { error: unknown }): void {
    const approval = this.#approvals.get(proposalId)
    this.#approvals.delete(proposalId)
    if (!approval || !outcome) return
    if ('session' in outcome) approval.resolve(outcome.session)
    else approval.reject(outcome.error)
  }

  openAuthentication(requestId: number, authentication: A): void {
    this.#authentications.set(requestId, authentication)
  }

  authentication(requestId: number): A | undefined {
    return this.#authentications.get(requestId)
  }

  settleAuthentication(requestId: number): void {
    this.#authentications.delete(requestId)
  }

  /** Fails every open call with `reason` and forgets it: the client is closing. */
  cancelAll(reason: ErrorResponse): void {
    for (const [id, waiter] of [...this.#answers]) waiter({ id, jsonrpc: '2.0', error: reason })
    this.#answers.clear()
    for (const approval of this.#approvals.values()) approval.reject(new SignClientError(reason))
    this.#approvals.clear()
    for (const { result } of this.#authentications.values()) result.reject(new SignClientError(reason))
    this.#authentications.clear()
  }
}
