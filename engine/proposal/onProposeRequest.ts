import { assertRoomForProposal, heldAlready } from '../assertRoom.js'
import type { EngineContext } from '../context.js'
import { internalError } from '../errors.js'
import type { IncomingRequest } from '../inbound/incomingRequest.js'
import { type Proposal, SessionProposeParamsSchema } from '../schemas/index.js'
import { refuse } from '../transport/refuse.js'
import { verifyIncoming } from '../verify/incoming.js'
import { withHeldExpiry } from './expiry.js'
import { saveProposal } from './records.js'
import { validateConnectParams } from './validateConnect.js'

/**
 * Wallet side: a proposal arrived on a pairing topic. Valid ones are stored, given a verify context and
 * emitted as `session_proposal`, held no longer than the proposal lifetime; invalid ones, expired ones and
 * ones past the proposal caps are answered with an auto-reject (tag 1121).
 */
export async function onProposeRequest(ctx: EngineContext, incoming: IncomingRequest): Promise<void> {
  const { topic, payload } = incoming
  try {
    await validateConnectParams(ctx, payload.params, {
      call: 'onSessionProposeRequest()',
      checkPairing: false,
    })
    const parsed = SessionProposeParamsSchema.safeParse(payload.params)
    if (!parsed.success) {
      throw internalError(
        'MISSING_OR_INVALID',
        `onSessionProposeRequest() params: ${parsed.error.issues[0]?.message}`,
      )
    }
    if (heldAlready(ctx, topic, payload.id)) return
    const {
      id: _id,
      pairingTopic: _pairingTopic,
      ...params
    } = withHeldExpiry(ctx.clock, parsed.data, 'proposal')
    assertRoomForProposal(ctx, topic)
    const proposal: Proposal = {
      ...params,
      id: payload.id,
      pairingTopic: topic,
      ...(incoming.attestation ? { attestation: incoming.attestation } : {}),
      encryptedId: incoming.encryptedId,
    }
    await saveProposal(ctx, proposal)
    await emitProposal(ctx, incoming, proposal)
  } catch (error) {
    await refuse(ctx, topic, 'wc_sessionPropose', payload.id, error, 'autoReject')
  }
}

/** Shows the wallet a proposal it holds, with the verify context of the message that brought it. */
export async function emitProposal(
  ctx: EngineContext,
  incoming: IncomingRequest,
  proposal: Proposal,
): Promise<void> {
  const verifyContext = await verifyIncoming(ctx, incoming, proposal.proposer.metadata)
  if (ctx.events.listenerCount('session_proposal') === 0) ctx.logger.warn('no session_proposal listener')
  ctx.events.emit('session_proposal', { id: proposal.id, params: proposal, verifyContext })
}
