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
 * Refuses a new entry of `group` when it would take the group past `perGroup` or the whole store past
 * `total`; the error names the entries as `what` and a group as `groupName`. Entries are counted, or,
 * given `sizeOf`, measured, the new one as `size`. (Positional, not an object of caps: fewer bundle bytes.)
 */
function assertRoom<V>(
  entries: readonly V[],
  groupOf: (entry: V) => string,
  group: string,
  perGroup: number,
  total: number,
  what: string,
  groupName: string,
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
  if (all > total) {
    throw sdkError('USER_REJECTED', `Too many pending ${what}: the limit is ${total} in all.`)
  }
  if (inGroup > perGroup) {
    throw sdkError('USER_REJECTED', `Too many pending ${what}: the limit is ${perGroup} per ${groupName}.`)
  }
}

/**
 * Throws USER_REJECTED (5000) when a new proposal on `pairingTopic` would pass a cap: the wallet declines
 * it unseen, as it would one its user rejected. (One it holds already never gets here: see `heldAlready`.)
 */
export function assertRoomForProposal(ctx: EngineContext, pairingTopic: string): void {
  assertRoom(
    ctx.stores.proposals.getAll(),
    (proposal) => proposal.pairingTopic,
    pairingTopic,
    MAX_PROPOSALS_PER_PAIRING,
    MAX_PROPOSALS,
    'proposals',
    'pairing',
  )
}

/**
 * As `assertRoomForProposal`, for a sign-in request on `pairingTopic`: a sign-in request is a proposal by
 * another name (it too waits for the user on a pairing), so the proposal caps apply to them as a kind.
 */
export function assertRoomForAuthRequest(ctx: EngineContext, pairingTopic: string): void {
  assertRoom(
    ctx.stores.authRequests.getAll(),
    (request) => request.pairingTopic,
    pairingTopic,
    MAX_PROPOSALS_PER_PAIRING,
    MAX_PROPOSALS,
    'sign-in requests',
    'pairing',
  )
}

const measured = new WeakMap<object, number>()

/**
 * What a value takes in storage, as the length of its JSON: UTF-16 code units, as a localStorage quota
 * counts them (UTF-8 takes up to three bytes for one of non-ASCII text). The engine never changes a held
 * entry in place, so each is measured once: a peer's every request would otherwise stringify all that is
 * held, up to the caps (an app that edits the entries it is handed skews only its own wallet's count).
 */
const storedBytes = (value: object): number => {
  if (!measured.has(value)) measured.set(value, JSON.stringify(value).length)
  return measured.get(value) as number
}

/**
 * As `assertRoomForProposal`, for a session request on `topic` with `params`: the requests are capped in
 * number and in the bytes they take as stored. A held request counts as its whole entry, verify context
 * (up to two URLs of the peer's metadata) included; the new one by its params, its context being unknown
 * until the verify lookup, which a request refused here never costs: the cap is overrun by one context at most.
 */
export function assertRoomForRequest(ctx: EngineContext, topic: string, params: object): void {
  const held = ctx.stores.pendingRequests.getAll()
  const topicOf = (request: { topic: string }) => request.topic
  assertRoom(
    held,
    topicOf,
    topic,
    MAX_PENDING_REQUESTS_PER_SESSION,
    MAX_PENDING_REQUESTS,
    'requests',
    'session',
  )
  assertRoom(
    held,
    topicOf,
    topic,
    MAX_PENDING_REQUEST_BYTES_PER_SESSION,
    MAX_PENDING_REQUEST_BYTES,
    'request bytes',
    'session',
    storedBytes,
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
