// What a peer can make the engine hold. Peers are strangers until the user approves them, and whatever
// they send is kept in memory and in storage (a browser's quota, a phone's disk) and drawn in the UI, so
// every such thing has a cap. Each is far above what an honest peer sends; README.md lists them.

import type { EngineContext } from './context.js'
import { sdkError } from './errors.js'

/** Real app names are a few words (app stores cap theirs at 30 to 50 characters). */
export const MAX_METADATA_NAME_LENGTH = 256
/** Store listings cap long descriptions at 4,000 characters; a wallet shows a line or two. */
export const MAX_METADATA_DESCRIPTION_LENGTH = 4_096
/** `url`, `verifyUrl` and the redirect links: 2,048 is the longest URL browsers and CDNs reliably carry. */
export const MAX_METADATA_URL_LENGTH = 2_048
/** Dapps send one to four icon sizes; a wallet draws one. */
export const MAX_METADATA_ICONS = 8
/** One icon: an https URL, or a `data:` image of up to about 24 KB, more than any logo needs. */
export const MAX_METADATA_ICON_LENGTH = 32_768
/** All metadata as stored (JSON, UTF-8): bounds what each pairing, proposal and session carries. */
export const MAX_METADATA_BYTES = 65_536

/**
 * Proposals waiting on one pairing. A dapp re-proposes when one expires (five minutes) and rarely has
 * more than one open; ten covers reloads and retries.
 */
export const MAX_PROPOSALS_PER_PAIRING = 10
/** Proposals waiting in all: no person answers a hundred connection prompts at once. */
export const MAX_PROPOSALS = 100
/**
 * Requests waiting on one session. The wallet shows them one at a time; a dapp batching transactions
 * sends a handful, and fifty is a queue nobody will work through.
 */
export const MAX_PENDING_REQUESTS_PER_SESSION = 50
/** Requests waiting in all, over every session: ten sessions at their cap. */
export const MAX_PENDING_REQUESTS = 500

/** Refuses a new entry of `group` when the group or the whole store is at its cap. */
function assertRoom<V>(
  entries: readonly V[],
  groupOf: (entry: V) => string,
  group: string,
  caps: { perGroup: number; total: number; what: string; groupName: string },
): void {
  if (entries.length >= caps.total) {
    throw sdkError('USER_REJECTED', `Too many pending ${caps.what}: the limit is ${caps.total} in all.`)
  }
  const inGroup = entries.reduce((count, entry) => count + (groupOf(entry) === group ? 1 : 0), 0)
  if (inGroup >= caps.perGroup) {
    throw sdkError(
      'USER_REJECTED',
      `Too many pending ${caps.what}: the limit is ${caps.perGroup} per ${caps.groupName}.`,
    )
  }
}

/**
 * Throws USER_REJECTED (5000) when a new proposal on `pairingTopic` would pass a cap: the wallet declines
 * it unseen, as it would one its user rejected. A redelivered proposal it already holds passes.
 */
export function assertRoomForProposal(ctx: EngineContext, pairingTopic: string, id: number): void {
  const { proposals } = ctx.stores
  if (proposals.has(String(id))) return
  assertRoom(proposals.getAll(), (proposal) => proposal.pairingTopic, pairingTopic, {
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
export function assertRoomForAuthRequest(ctx: EngineContext, pairingTopic: string, id: number): void {
  const { authRequests } = ctx.stores
  if (authRequests.has(String(id))) return
  assertRoom(authRequests.getAll(), (request) => request.pairingTopic, pairingTopic, {
    perGroup: MAX_PROPOSALS_PER_PAIRING,
    total: MAX_PROPOSALS,
    what: 'sign-in requests',
    groupName: 'pairing',
  })
}

/** As `assertRoomForProposal`, for a session request on `topic`. */
export function assertRoomForRequest(ctx: EngineContext, topic: string, id: number): void {
  const { pendingRequests } = ctx.stores
  if (pendingRequests.has(String(id))) return
  assertRoom(pendingRequests.getAll(), (request) => request.topic, topic, {
    perGroup: MAX_PENDING_REQUESTS_PER_SESSION,
    total: MAX_PENDING_REQUESTS,
    what: 'requests',
    groupName: 'session',
  })
}
