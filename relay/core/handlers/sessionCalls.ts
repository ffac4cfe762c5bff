import {
  type ApproveSessionParams,
  type ProposeSessionParams,
  SessionCallPolicies,
} from '../../protocol/index.js'
import { checkEnvelopes, checkRate, checkTopicBudget } from './checks.js'
import { type Handler, stored } from './context.js'
import { storedEnvelope } from './envelope.js'

/**
 * wc_proposeSession (Sign 2.5): the dapp never subscribes to its pairing topic itself, so the call does;
 * the proposal goes into the pairing topic's mailbox with the tag and TTL the relay assigns.
 */
export const handleProposeSession: Handler<ProposeSessionParams> = async (context, params) => {
  const envelope = { message: params.sessionProposal, attestation: params.attestation }
  const refused =
    checkEnvelopes(context, [envelope]) ??
    checkTopicBudget(context, [params.pairingTopic]) ??
    checkRate(context, [envelope])
  if (refused) return refused
  await context.subscribe([params.pairingTopic])
  const outcome = await context.store([
    storedEnvelope(context, {
      topic: params.pairingTopic,
      message: params.sessionProposal,
      attestation: params.attestation,
      ...SessionCallPolicies.sessionProposal,
    }),
  ])
  return stored(outcome, async () => {
    await context.distribute(outcome)
    await context.pushUndelivered([params.pairingTopic])
  })
}

/**
 * wc_approveSession (Sign 2.5): the wallet never subscribes to the session topic itself, so the call
 * does; the proposal response goes to the pairing topic and the settle request to the session topic.
 */
export const handleApproveSession: Handler<ApproveSessionParams> = async (context, params) => {
  const envelopes = [
    { message: params.sessionProposalResponse },
    { message: params.sessionSettlementRequest },
  ]
  const refused =
    checkEnvelopes(context, envelopes) ??
    checkTopicBudget(context, [params.sessionTopic]) ??
    checkRate(context, envelopes)
  if (refused) return refused
  await context.subscribe([params.sessionTopic])
  const outcome = await context.store([
    storedEnvelope(context, {
      topic: params.pairingTopic,
      message: params.sessionProposalResponse,
      ...SessionCallPolicies.sessionProposalResponse,
    }),
    storedEnvelope(context, {
      topic: params.sessionTopic,
      message: params.sessionSettlementRequest,
      ...SessionCallPolicies.sessionSettlementRequest,
    }),
  ])
  return stored(outcome, async () => {
    await context.distribute(outcome)
    await context.pushUndelivered([params.sessionTopic])
  })
}
