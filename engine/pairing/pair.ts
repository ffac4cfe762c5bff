import type { EngineContext } from '../context.js'
import { internalError } from '../errors.js'
import { formatRequest } from '../jsonrpc/index.js'
import { emitProposal } from '../proposal/onProposeRequest.js'
import type { Pairing, Proposal } from '../schemas/index.js'
import { boundedExpiry, FIVE_MINUTES, isExpired } from '../time.js'
import { storeSymKey } from '../transport/keys.js'
import type { PairParams } from '../types.js'
import { parsePairingUri } from '../uri/index.js'
import { assertParams } from '../validate.js'
import { activatePairing, savePairing } from './activate.js'

/**
 * Wallet side: takes a pairing URI, stores the pairing and its key and subscribes to its topic; the
 * relay then delivers the waiting proposal. Scanning the same URI again re-emits a proposal already
 * received, so a wallet that lost its UI state can still answer.
 */
export async function pair(ctx: EngineContext, params: PairParams): Promise<Pairing> {
  assertParams(params, 'pair()')
  const { topic, symKey, relay, expiryTimestamp, methods } = parsePairingUri(params.uri)
  if (expiryTimestamp !== undefined && isExpired(ctx.clock, expiryTimestamp)) {
    throw internalError('EXPIRED', 'pair() URI has expired. Please try again with a new connection URI.')
  }
  if (ctx.stores.pairings.has(topic) && ctx.stores.pairings.get(topic).active) {
    throw internalError(
      'MISSING_OR_INVALID',
      `Pairing already exists: ${topic}. Please try again with a new connection URI.`,
    )
  }
  // Looked up before subscribing: the relay pushes a waiting proposal during the subscribe, and that one
  // is emitted by the normal path; only one known from an earlier scan needs replaying.
  const known = ctx.stores.proposals.getAll().find((proposal) => proposal.pairingTopic === topic)
  // The URI names its own expiry; an unused pairing is held no longer than one the wallet made itself.
  const expiry = boundedExpiry(ctx.clock, expiryTimestamp, FIVE_MINUTES)
  const pairing: Pairing = { topic, relay, expiry, active: false, ...(methods ? { methods } : {}) }
  await savePairing(ctx, pairing)
  if (params.activatePairing) await activatePairing(ctx, topic)
  if (!ctx.stores.keychain.has(topic)) await storeSymKey(ctx, symKey, topic)
  await ctx.relay.subscribe(topic)
  if (known) await replayProposal(ctx, known)
  return ctx.stores.pairings.get(topic)
}

// Shown again as it was stored: a proposal held already is never taken anew from the wire.
async function replayProposal(ctx: EngineContext, proposal: Proposal): Promise<void> {
  const { id, attestation, encryptedId, pairingTopic: topic, ...params } = proposal
  const incoming = {
    topic,
    payload: formatRequest('wc_sessionPropose', params, id),
    attestation,
    encryptedId: encryptedId ?? '',
  }
  await emitProposal(ctx, incoming, proposal)
}
