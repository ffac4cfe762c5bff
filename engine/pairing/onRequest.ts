import type { EngineContext } from '../context.js'
import { getSdkError } from '../errors.js'
import type { JsonRpcRequest } from '../jsonrpc/index.js'
import { sendError, sendResult } from '../transport/send.js'
import { deletePairing } from './delete.js'

export async function onPairingPing(
  ctx: EngineContext,
  topic: string,
  payload: JsonRpcRequest,
): Promise<void> {
  await sendResult(ctx, topic, 'wc_pairingPing', payload.id, true)
}

export async function onPairingDelete(
  ctx: EngineContext,
  topic: string,
  _payload: JsonRpcRequest,
): Promise<void> {
  await deletePairing(ctx, topic)
}

/** A method nobody handles on a pairing topic gets WC_METHOD_UNSUPPORTED, as the official core answers. */
export async function onUnknownPairingMethod(
  ctx: EngineContext,
  topic: string,
  payload: JsonRpcRequest,
): Promise<void> {
  await sendError(
    ctx,
    topic,
    payload.method,
    payload.id,
    getSdkError('WC_METHOD_UNSUPPORTED', payload.method),
  )
}
