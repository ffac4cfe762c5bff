import { assertRoomForAuthRequest, heldAlready } from '../assertRoom.js'
import type { EngineContext } from '../context.js'
import { getSdkError, internalError, SignClientError, toErrorResponse } from '../errors.js'
import type { IncomingRequest } from '../inbound/incomingRequest.js'
import { formatError, type JsonRpcResponse } from '../jsonrpc/index.js'
import { rememberLinkModePeer } from '../linkMode/target.js'
import { holdPairingUntil } from '../pairing/activate.js'
import { abandonProposal } from '../proposal/abandon.js'
import { withHeldExpiry } from '../proposal/expiry.js'
import { SessionAuthenticateParamsSchema, SessionAuthenticateResultSchema } from '../schemas/index.js'
import { idTarget } from '../store/expirer.js'
import { takeAnswer } from '../transport/answerBudget.js'
import { createKeyPair, deleteKey, hashKey, sealTypeOne, sharedSymKey } from '../transport/keys.js'
import { publishSealed } from '../transport/send.js'
import { verifyIncoming } from '../verify/incoming.js'
import { checkCacaoBinding, verifyCacaoSignature } from './cacao.js'
import { storeSignInSession } from './session.js'

/**
 * Wallet side: a sign-in request arrived on a pairing topic. It is stored with its verify context and
 * emitted as `session_authenticate`; a malformed one (11002), or one past the caps on waiting sign-in
 * requests (5000), is auto-rejected (tag 1119) on the requester's response topic.
 */
export async function onAuthenticateRequest(ctx: EngineContext, incoming: IncomingRequest): Promise<void> {
  const { topic, payload } = incoming
  const parsed = SessionAuthenticateParamsSchema.safeParse(payload.params)
  if (!parsed.success) {
    ctx.logger.error('malformed sign-in request', { topic })
    const requester = (payload.params as { requester?: { publicKey?: unknown } } | undefined)?.requester
      ?.publicKey
    if (typeof requester === 'string' && /^[0-9a-f]{64}$/.test(requester) && takeAnswer(ctx, topic)) {
      await sendSealedToRequester(
        ctx,
        requester,
        formatError(payload.id, getSdkError('MALFORMED_REQUEST_PARAMS')),
        'autoReject',
      )
    }
    return
  }
  if (heldAlready(ctx, topic, payload.id)) return
  let params: ReturnType<typeof withHeldExpiry<typeof parsed.data>>
  try {
    params = withHeldExpiry(ctx.clock, parsed.data, 'sign-in request')
    assertRoomForAuthRequest(ctx, topic)
  } catch (error) {
    ctx.logger.warn('declined a sign-in request', { topic, error: String(error) })
    if (!takeAnswer(ctx, topic)) return
    await sendSealedToRequester(
      ctx,
      parsed.data.requester.publicKey,
      formatError(payload.id, toErrorResponse(error)),
      'autoReject',
    )
    return
  }
  const { requester, authPayload, expiryTimestamp } = params
  const verifyContext = await verifyIncoming(ctx, incoming, requester.metadata)
  await ctx.stores.authRequests.set(String(payload.id), {
    id: payload.id,
    pairingTopic: topic,
    requester,
    authPayload,
    expiryTimestamp,
    verifyContext,
  })
  await ctx.expirer.set(idTarget(payload.id), expiryTimestamp)
  await holdPairingUntil(ctx, topic, expiryTimestamp)
  ctx.events.emit('session_authenticate', { id: payload.id, topic, params, verifyContext })
}

/**
 * Seals a response for an authenticate requester (type 1, with a key pair of ours) and publishes it. A key
 * pair made here serves this one message and is forgotten after it: every auto-reject makes one, and a
 * peer decides how many of those there are.
 */
export async function sendSealedToRequester(
  ctx: EngineContext,
  requesterPublicKey: string,
  response: JsonRpcResponse,
  kind: 'response' | 'reject' | 'autoReject',
  senderPublicKey?: string,
): Promise<void> {
  const sender = senderPublicKey ?? (await createKeyPair(ctx))
  try {
    const message = sealTypeOne(response, await sharedSymKey(ctx, sender, requesterPublicKey), sender)
    const topic = await hashKey(ctx, requesterPublicKey)
    await publishSealed(ctx, { topic, message, method: 'wc_sessionAuthenticate', kind, id: response.id })
  } finally {
    if (senderPublicKey === undefined) await deleteKey(ctx, sender)
  }
}

/**
 * Dapp side: the wallet answered `authenticate()`. Every CACAO must carry its issuer's signature and
 * answer our request; the methods its recap grants become a session on the key both sides derive. A
 * wallet that does not know the method answers WC_METHOD_UNSUPPORTED, and the fallback proposal is
 * left to settle instead.
 */
export async function onAuthenticateResponse(ctx: EngineContext, payload: JsonRpcResponse): Promise<void> {
  const pending = ctx.calls.authentication(payload.id)
  if (pending === undefined) return
  const { result } = pending
  if ('error' in payload) {
    if (payload.error.code === getSdkError('WC_METHOD_UNSUPPORTED').code) return
    result.reject(new SignClientError(payload.error))
    await abandonProposal(ctx, pending.fallbackProposalId)
    return
  }
  try {
    const parsed = SessionAuthenticateResultSchema.safeParse(payload.result)
    if (!parsed.data?.cacaos.length) throw internalError('MISSING_OR_INVALID', 'authenticate() response')
    const { cacaos, responder } = parsed.data
    for (const cacao of cacaos) {
      if (!(await verifyCacaoSignature(cacao))) {
        throw new SignClientError(getSdkError('SESSION_SETTLEMENT_FAILED', 'Signature verification failed'))
      }
      const mismatch = checkCacaoBinding(cacao, pending.authPayload, ctx.clock.now())
      if (mismatch) {
        throw new SignClientError(
          getSdkError('SESSION_SETTLEMENT_FAILED', `Cacao does not match the request: ${mismatch}`),
        )
      }
    }
    // The fallback will not settle now. Its approval ends first, so the key pair the sign-in session derives
    // from is not dropped as the proposal's.
    ctx.calls.settleApproval(pending.fallbackProposalId)
    await abandonProposal(ctx, pending.fallbackProposalId)
    const session = await storeSignInSession(
      ctx,
      {
        pairingTopic: pending.pairingTopic,
        selfPublicKey: pending.publicKey,
        peer: responder,
        controller: responder.publicKey,
      },
      cacaos,
    )
    await rememberLinkModePeer(ctx, responder.metadata)
    result.resolve({ auths: cacaos, ...(session ? { session } : {}) })
  } catch (error) {
    result.reject(error instanceof SignClientError ? error : new SignClientError(toErrorResponse(error)))
  }
}
