import { checkCacaoBinding, verifyCacaoSignature } from '../auth/cacao.js'
import type { EngineContext } from '../context.js'
import { getSdkError, internalError, SignClientError } from '../errors.js'
import type { JsonRpcRequest } from '../jsonrpc/index.js'
import { rememberLinkModePeer } from '../linkMode/target.js'
import { validateSessionNamespaces } from '../namespaces/index.js'
import { updatePairingMetadata } from '../pairing/activate.js'
import { dropPendingSession } from '../proposal/abandon.js'
import { deleteProposal } from '../proposal/records.js'
import {
  type AuthPayload,
  type Cacao,
  type Session,
  type SessionSettleParams,
  SessionSettleParamsSchema,
} from '../schemas/index.js'
import { setFields } from '../setFields.js'
import { topicTarget } from '../store/expirer.js'
import { held } from '../store/held.js'
import { boundedExpiry, isExpired, SEVEN_DAYS } from '../time.js'
import { deleteKey } from '../transport/keys.js'
import { refuse } from '../transport/refuse.js'
import { sendResult } from '../transport/send.js'

function validateSettle(ctx: EngineContext, params: unknown): SessionSettleParams {
  const namespacesProblem = validateSessionNamespaces(
    (params as { namespaces?: unknown } | null | undefined)?.namespaces,
    'onSessionSettleRequest()',
  )
  if (namespacesProblem) throw namespacesProblem
  const parsed = SessionSettleParamsSchema.safeParse(params)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw internalError(
      'MISSING_OR_INVALID',
      `onSessionSettleRequest() ${issue?.path.join('.')} ${issue?.message}`,
    )
  }
  if (isExpired(ctx.clock, parsed.data.expiry)) throw internalError('EXPIRED', 'onSessionSettleRequest()')
  return parsed.data
}

/**
 * CACAOs answering the sign-ins a proposal asked for must be signed by their issuer and answer one of
 * those requests; anything else fails the settlement rather than leaving a forged sign-in in the session.
 */
async function checkSignIns(
  ctx: EngineContext,
  cacaos: readonly Cacao[],
  requested: readonly AuthPayload[],
): Promise<void> {
  for (const cacao of cacaos) {
    // The signature first: it refuses a recap that does not decode, which the binding would throw on.
    if (
      !(await verifyCacaoSignature(cacao)) ||
      !requested.some((request) => checkCacaoBinding(cacao, request, ctx.clock.now()) === undefined)
    ) {
      throw new SignClientError(getSdkError('SESSION_SETTLEMENT_FAILED', 'Signature verification failed'))
    }
  }
}

/**
 * Dapp side: the wallet settles the session it approved. The settlement is validated, stored and
 * acknowledged (tag 1103), then `session_connect` fires and `approval()` resolves. An invalid one is
 * answered with an error, which makes the wallet delete the session, and fails `approval()`.
 */
export async function onSettleRequest(
  ctx: EngineContext,
  topic: string,
  payload: JsonRpcRequest,
): Promise<void> {
  const pending = [...ctx.pendingSessions.values()].find((candidate) => candidate.sessionTopic === topic)
  if (pending === undefined) {
    ctx.logger.error('settle of no proposal of ours', { topic })
    return
  }
  const approval = ctx.calls.approval(pending.proposalId)
  try {
    const settle = validateSettle(ctx, payload.params)
    const proposal = held(ctx.stores.proposals, String(pending.proposalId))
    const authentication = settle.proposalRequestsResponses?.authentication
    if (authentication) await checkSignIns(ctx, authentication, proposal?.requests?.authentication ?? [])
    const session: Session = {
      topic,
      pairingTopic: pending.pairingTopic,
      relay: settle.relay,
      // A week at most, the session lifetime our own approve() and extend() give: a wallet naming later would
      // keep the session, its key and subscription here long after it stopped answering.
      expiry: boundedExpiry(ctx.clock, settle.expiry, SEVEN_DAYS),
      acknowledged: true,
      controller: settle.controller.publicKey,
      namespaces: settle.namespaces,
      requiredNamespaces: proposal?.requiredNamespaces ?? {},
      optionalNamespaces: proposal?.optionalNamespaces ?? {},
      self: { publicKey: pending.publicKey, metadata: ctx.metadata },
      peer: settle.controller,
      transportType: 'relay',
      ...setFields(settle, ['sessionProperties', 'scopedProperties', 'sessionConfig']),
      ...(authentication ? { authentication } : {}),
    }
    await ctx.stores.sessions.set(topic, session)
    await ctx.expirer.set(topicTarget(topic), session.expiry)
    await updatePairingMetadata(ctx, pending.pairingTopic, settle.controller.metadata)
    await rememberLinkModePeer(ctx, settle.controller.metadata)
    ctx.pendingSessions.delete(pending.proposalId)
    ctx.calls.settleApproval(pending.proposalId)
    await deleteProposal(ctx, pending.proposalId)
    await sendResult(ctx, topic, 'wc_sessionSettle', payload.id, true)
    ctx.events.emit('session_connect', { session })
    approval?.resolve(session)
  } catch (error) {
    const response = await refuse(ctx, topic, 'wc_sessionSettle', payload.id, error)
    // The proposal's key pair goes with the session key: a wallet that settles it wrongly ends the proposal, and
    // a one-click sign-in sharing that key with its fallback with it.
    await dropPendingSession(ctx, pending.proposalId)
    await deleteKey(ctx, pending.publicKey)
    ctx.calls.settleApproval(pending.proposalId)
    approval?.reject(new SignClientError(response))
  }
}
