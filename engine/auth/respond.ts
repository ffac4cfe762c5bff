import type { EngineContext } from '../context.js'
import { getSdkError, internalError, SignClientError } from '../errors.js'
import { formatError, formatResult } from '../jsonrpc/index.js'
import { isValidErrorReason } from '../namespaces/index.js'
import { activatePairing } from '../pairing/activate.js'
import { deleteAuthRequest } from '../proposal/records.js'
import type { AuthRequest, Session } from '../schemas/index.js'
import { createKeyPair, deleteKey } from '../transport/keys.js'
import type { ApproveSessionAuthenticateParams, RejectSessionAuthenticateParams } from '../types.js'
import { assertParams } from '../validate.js'
import { verifyCacaoSignature } from './cacao.js'
import { sendSealedToRequester } from './inbound.js'
import { storeSignInSession } from './session.js'

function pendingAuthRequest(ctx: EngineContext, id: unknown): AuthRequest {
  if (typeof id !== 'number' || !ctx.stores.authRequests.has(String(id))) {
    throw internalError('NO_MATCHING_KEY', `Could not find pending auth request with id ${String(id)}`)
  }
  return ctx.stores.authRequests.get(String(id))
}

/**
 * Wallet side: answers a sign-in with signed CACAOs (tag 1117). When their recaps grant methods, the
 * session both sides derive from the answer's key pair is stored and subscribed here too.
 */
export async function approveSessionAuthenticate(
  ctx: EngineContext,
  params: ApproveSessionAuthenticateParams,
): Promise<{ session: Session | undefined }> {
  assertParams(params, 'approveSessionAuthenticate()')
  const pending = pendingAuthRequest(ctx, params.id)
  const { id, auths } = params
  for (const cacao of auths) {
    if (!(await verifyCacaoSignature(cacao))) {
      const error = getSdkError('SESSION_SETTLEMENT_FAILED', 'Signature verification failed')
      // Sealed with a key pair of this answer alone: no session comes of it to keep one for.
      await sendSealedToRequester(ctx, pending.requester.publicKey, formatError(id, error), 'response')
      throw new SignClientError(error)
    }
  }
  const senderPublicKey = await createKeyPair(ctx)
  const session = await storeSignInSession(
    ctx,
    {
      pairingTopic: pending.pairingTopic,
      selfPublicKey: senderPublicKey,
      peer: pending.requester,
      controller: senderPublicKey,
    },
    auths,
  )
  await sendSealedToRequester(
    ctx,
    pending.requester.publicKey,
    formatResult(id, { cacaos: auths, responder: { publicKey: senderPublicKey, metadata: ctx.metadata } }),
    'response',
    senderPublicKey,
  )
  if (session === undefined) await deleteKey(ctx, senderPublicKey)
  await deleteAuthRequest(ctx, id)
  await activatePairing(ctx, pending.pairingTopic)
  return { session }
}

/** Wallet side: declines a sign-in (tag 1118). */
export async function rejectSessionAuthenticate(
  ctx: EngineContext,
  params: RejectSessionAuthenticateParams,
): Promise<void> {
  assertParams(params, 'rejectSessionAuthenticate()')
  const pending = pendingAuthRequest(ctx, params.id)
  if (!isValidErrorReason(params.reason)) {
    throw internalError(
      'MISSING_OR_INVALID',
      `rejectSessionAuthenticate() reason: ${JSON.stringify(params.reason)}`,
    )
  }
  await sendSealedToRequester(
    ctx,
    pending.requester.publicKey,
    formatError(params.id, params.reason),
    'reject',
  )
  await deleteAuthRequest(ctx, params.id)
}
