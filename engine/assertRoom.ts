import type { EngineContext } from './context.js'
import { sdkError } from './errors.js'
import {
  MAX_PENDING_REQUEST_BYTES,
  MAX_PENDING_REQUEST_BYTES_PER_SESSION,
  MAX_PENDING_REQUESTS,
  MAX_PENDING_REQUESTS_PER_SESSION,
  MAX_PROPOSALS,
  MAX_PROPOSALS_PER_PAIRING,
} from './limits.js'
import { idTarget } from './store/expirer.js'

/**
 * Refuses a new entry of `group` when it would take the group or the whole store past its cap. Entries
 * are counted, or, given `sizeOf`, measured, the new one as `size`.
 */
function assertRoom<V>(
  entries: readonly V[],
  groupOf: (entry: V) => string,
  group: string,
  caps: { perGroup: number; total: number; what: string; groupName: string },
  sizeOf: (entry: V) => number = () => 1,
  size = 1,
): void {
  let all = size
  let inGroup = size
  for (const entry of entries) {
    const held = sizeOf(entry)
    all += held
    if (groupOf(entry) === group) inGroup += held
  }
  if (all > caps.total) {
    throw sdkError('USER_REJECTED', `Too many pending ${caps.what}: the limit is ${caps.total} in all.`)
  }
  if (inGroup > caps.perGroup) {
    throw sdkError(
      'USER_REJECTED',
      `Too many pending ${caps.what}: the limit is ${caps.perGroup} per ${caps.groupName}.`,
    )
  }
}

/**
 * Throws USER_REJECTED (5000) when a new proposal on `pairingTopic` would pass a cap: the wallet declines
 * it unseen, as it would one its user rejected. (One it holds already never gets here: see `heldAlready`.)
 */
export function assertRoomForProposal(ctx: EngineContext, pairingTopic: string): void {
  assertRoom(ctx.stores.proposals.getAll(), (proposal) => proposal.pairingTopic, pairingTopic, {
    perGroup: MAX_PROPOSALS_PER_PAIRING,
    total: MAX_PROPOSALS,
    what: 'proposals',
    groupName: 'pairing',
  })
}

/**
 * As `assertRoomForProposal`, for a sign-in request on `pairingTopic`: a sign-in request is a proposal by
 * another name (it too waits for the user on a pairing), so the proposal caps apply to them as a kind.
 */
export function assertRoomForAuthRequest(ctx: EngineContext, pairingTopic: string): void {
  assertRoom(ctx.stores.authRequests.getAll(), (request) => request.pairingTopic, pairingTopic, {
    perGroup: MAX_PROPOSALS_PER_PAIRING,
    total: MAX_PROPOSALS,
    what: 'sign-in requests',
    groupName: 'pairing',
  })
}

/** Bytes a value takes in storage, as JSON. */
const storedBytes = (value: unknown) => JSON.stringify(value).length

/**
 * As `assertRoomForProposal`, for a session request on `topic` with `params` as it would be stored: the
 * requests are capped in number and in the bytes their params take.
 */
export function assertRoomForRequest(ctx: EngineContext, topic: string, params: unknown): void {
  const held = ctx.stores.pendingRequests.getAll()
  const topicOf = (request: { topic: string }) => request.topic
  assertRoom(held, topicOf, topic, {
    perGroup: MAX_PENDING_REQUESTS_PER_SESSION,
    total: MAX_PENDING_REQUESTS,
    what: 'requests',
    groupName: 'session',
  })
  assertRoom(
    held,
    topicOf,
    topic,
    {
      perGroup: MAX_PENDING_REQUEST_BYTES_PER_SESSION,
      total: MAX_PENDING_REQUEST_BYTES,
      what: 'request bytes',
      groupName: 'session',
    },
    (request) => storedBytes(request.params),
    storedBytes(params),
  )
}

/**
 * Whether a peer's request under `id` is held already, in which case it is dropped unanswered: a
 * redelivery (the relay delivers at least once) adds nothing, and another request under a held id,
 * from this peer or another topic's, must never replace the one the user may be looking at. Every
 * proposal, sign-in request and session request held, received or sent, has its expiry under its id,
 * so a request under a proposal's id cannot take over the proposal's expiry either.
 */
export function heldAlready(ctx: EngineContext, topic: string, id: number): boolean {
  if (!ctx.expirer.has(idTarget(id))) return false
  ctx.logger.info('dropped a request under a held id', { topic, id })
  return true
}
