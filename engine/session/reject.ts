import type { EngineContext } from '../context.js'
import { internalError } from '../errors.js'
import { formatError } from '../jsonrpc/index.js'
import { isValidErrorReason } from '../namespaces/index.js'
import { deleteProposal } from '../proposal/records.js'
import { sendResponse } from '../transport/send.js'
import type { RejectParams } from '../types.js'
import { assertParams, assertProposalId } from '../validate.js'

/** Wallet side: declines a proposal with a reason (tag 1120) and forgets it. */
export async function reject(ctx: EngineContext, params: RejectParams): Promise<void> {
  assertParams(params, 'reject()')
  await assertProposalId(ctx, params.id)
  if (!isValidErrorReason(params.reason)) {
    throw internalError('MISSING_OR_INVALID', `reject() reason: ${JSON.stringify(params.reason)}`)
  }
  const { pairingTopic } = ctx.stores.proposals.get(String(params.id))
  const response = formatError(params.id, params.reason)
  await sendResponse(ctx, { topic: pairingTopic, method: 'wc_sessionPropose', response, kind: 'reject' })
  await deleteProposal(ctx, params.id)
}
