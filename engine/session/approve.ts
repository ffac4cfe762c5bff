import type { EngineContext } from '../context.js'
import { internalError } from '../errors.js'
import { formatRequest, formatResult } from '../jsonrpc/index.js'
import {
  checkConformingNamespaces,
  sessionChains,
  validateProperties,
  validateScopedKeys,
  validateSessionNamespaces,
} from '../namespaces/index.js'
import { activatePairing, updatePairingMetadata } from '../pairing/activate.js'
import { deleteProposal } from '../proposal/records.js'
import type { Session, SessionSettleParams } from '../schemas/index.js'
import { topicTarget } from '../store/expirer.js'
import { calcExpiry, FIVE_MINUTES, SEVEN_DAYS } from '../time.js'
import { createKeyPair, sealForTopic, storeSharedKey } from '../transport/keys.js'
import { awaitResponse, newPayloadId } from '../transport/send.js'
import type { ApproveParams, ApproveResult } from '../types.js'
import { assertParams, assertProposalId } from '../validate.js'
import { deleteSession } from './delete.js'

async function validateApprove(ctx: EngineContext, params: ApproveParams): Promise<void> {
  assertParams(params, 'approve()')
  const { id, namespaces, relayProtocol, sessionProperties, scopedProperties } = params
  await assertProposalId(ctx, id)
  const proposal = ctx.stores.proposals.get(String(id))
  const problem =
    validateSessionNamespaces(namespaces, 'approve()') ??
    checkConformingNamespaces(proposal.requiredNamespaces, namespaces, 'approve()')
  if (problem) throw problem
  if (relayProtocol !== undefined && (typeof relayProtocol !== 'string' || relayProtocol.trim() === '')) {
    throw internalError('MISSING_OR_INVALID', `approve() relayProtocol: ${String(relayProtocol)}`)
  }
  const propertiesProblem =
    validateProperties(sessionProperties, 'sessionProperties') ??
    validateProperties(scopedProperties, 'scopedProperties')
  if (propertiesProblem) throw propertiesProblem
  if (scopedProperties !== undefined) {
    const scopedProblem = validateScopedKeys(scopedProperties, Object.keys(namespaces), 'approved')
    if (scopedProblem) throw scopedProblem
  }
}

/**
 * Wallet side: accepts a proposal. Derives the session key from a fresh key pair and the proposer's key,
 * stores the session, and hands the relay the proposal response and the settle request in one
 * `wc_approveSession` call (which also subscribes us to the session topic). `acknowledged()` resolves
 * once the dapp confirms the settlement.
 */
export async function approve(ctx: EngineContext, params: ApproveParams): Promise<ApproveResult> {
  await validateApprove(ctx, params)
  if (ctx.approving.has(params.id)) {
    throw internalError('MISSING_OR_INVALID', `approve() proposal ${params.id} is already being approved`)
  }
  ctx.approving.add(params.id)
  try {
    return await settleApproval(ctx, params)
  } finally {
    ctx.approving.delete(params.id)
  }
}

async function settleApproval(ctx: EngineContext, params: ApproveParams): Promise<ApproveResult> {
  const { id, namespaces, sessionProperties, scopedProperties, sessionConfig, proposalRequestsResponses } =
    params
  const relayProtocol = params.relayProtocol ?? 'irn'
  const proposal = ctx.stores.proposals.get(String(id))
  const { pairingTopic, proposer, requiredNamespaces, optionalNamespaces } = proposal

  const selfPublicKey = await createKeyPair(ctx)
  const sessionTopic = await storeSharedKey(ctx, selfPublicKey, proposer.publicKey)
  const expiry = calcExpiry(ctx.clock, SEVEN_DAYS)
  const controller = { publicKey: selfPublicKey, metadata: ctx.metadata }
  const settle: SessionSettleParams = {
    relay: { protocol: relayProtocol },
    namespaces,
    controller,
    expiry,
    ...(sessionProperties ? { sessionProperties } : {}),
    ...(scopedProperties ? { scopedProperties } : {}),
    ...(sessionConfig ? { sessionConfig } : {}),
    ...(proposalRequestsResponses ? { proposalRequestsResponses } : {}),
  }
  const session: Session = {
    topic: sessionTopic,
    pairingTopic,
    relay: settle.relay,
    expiry,
    acknowledged: false,
    controller: selfPublicKey,
    namespaces,
    requiredNamespaces,
    optionalNamespaces,
    self: controller,
    peer: { publicKey: proposer.publicKey, metadata: proposer.metadata },
    transportType: 'relay',
    ...(sessionProperties ? { sessionProperties } : {}),
    ...(scopedProperties ? { scopedProperties } : {}),
    ...(sessionConfig ? { sessionConfig } : {}),
    ...(proposalRequestsResponses?.authentication
      ? { authentication: proposalRequestsResponses.authentication }
      : {}),
  }
  await ctx.stores.sessions.set(sessionTopic, session)

  const settleId = newPayloadId(ctx)
  const acknowledged = awaitResponse<unknown>(
    ctx,
    settleId,
    FIVE_MINUTES * 1000,
    'Session settlement expired without receiving any acknowledgement',
  )
  acknowledged.done.catch(() => {})
  try {
    await ctx.stores.history.set(String(settleId), {
      id: settleId,
      topic: sessionTopic,
      method: 'wc_sessionSettle',
      expiry: calcExpiry(ctx.clock, FIVE_MINUTES),
    })
    await ctx.relay.approveSession({
      sessionTopic,
      pairingTopic,
      sessionProposalResponse: sealForTopic(
        ctx,
        pairingTopic,
        formatResult(id, { relay: { protocol: relayProtocol }, responderPublicKey: selfPublicKey }),
      ),
      sessionSettlementRequest: sealForTopic(
        ctx,
        sessionTopic,
        formatRequest('wc_sessionSettle', settle, settleId),
      ),
      ttl: FIVE_MINUTES,
      correlationId: id,
      approvedChains: sessionChains(namespaces),
      approvedMethods: [...new Set(Object.values(namespaces).flatMap((namespace) => namespace.methods))],
      approvedEvents: [...new Set(Object.values(namespaces).flatMap((namespace) => namespace.events))],
      ...(sessionProperties ? { sessionProperties } : {}),
      ...(scopedProperties ? { scopedProperties } : {}),
    })
  } catch (error) {
    acknowledged.cancel(error)
    await deleteSession(ctx, { topic: sessionTopic, emitEvent: false })
    throw error
  }

  await updatePairingMetadata(ctx, pairingTopic, proposer.metadata)
  await deleteProposal(ctx, id)
  await activatePairing(ctx, pairingTopic)
  await ctx.expirer.set(topicTarget(sessionTopic), expiry)
  return {
    topic: sessionTopic,
    acknowledged: async () => {
      await acknowledged.done
      return ctx.stores.sessions.get(sessionTopic)
    },
  }
}
