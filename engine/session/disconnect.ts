import type { EngineContext } from '../context.js'
import { getSdkError, internalError } from '../errors.js'
import type { JsonRpcRequest } from '../jsonrpc/index.js'
import { isValidErrorReason } from '../namespaces/index.js'
import { disconnectPairing } from '../pairing/disconnect.js'
import { sendRequest } from '../transport/send.js'
import type { DisconnectParams } from '../types.js'
import { assertParams, assertSessionOrPairingTopic, assertSessionTopic } from '../validate.js'
import { deleteSession } from './delete.js'

/** Ends a session (or a pairing): tells the peer (tag 1112), then forgets it here. */
export async function disconnect(ctx: EngineContext, params: DisconnectParams): Promise<void> {
  assertParams(params, 'disconnect()')
  if (params.reason !== undefined && !isValidErrorReason(params.reason)) {
    throw internalError('MISSING_OR_INVALID', `disconnect() reason: ${JSON.stringify(params.reason)}`)
  }
  const kind = await assertSessionOrPairingTopic(ctx, params.topic)
  if (kind === 'pairing') {
    await disconnectPairing(ctx, params.topic, params.reason)
    return
  }
  await sendRequest(ctx, {
    topic: params.topic,
    method: 'wc_sessionDelete',
    params: params.reason ?? getSdkError('USER_DISCONNECTED'),
  })
  await deleteSession(ctx, { topic: params.topic, emitEvent: false })
}

/**
 * The peer ended the session. Requests we sent on it fail with USER_DISCONNECTED; `session_delete`
 * fires. No answer is sent, as the official clients send none.
 */
export async function onDeleteRequest(
  ctx: EngineContext,
  topic: string,
  payload: JsonRpcRequest,
): Promise<void> {
  try {
    await assertSessionTopic(ctx, topic)
    await deleteSession(ctx, { topic, id: payload.id, reason: getSdkError('USER_DISCONNECTED') })
  } catch (error) {
    ctx.logger.error('refused a peer request', { topic, method: payload.method, error: String(error) })
  }
}
