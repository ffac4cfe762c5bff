import type { EngineContext } from '../context.js'
import { type ErrorResponse, getSdkError } from '../errors.js'
import { sendRequest } from '../transport/send.js'
import { deletePairing } from './delete.js'

export async function disconnectPairing(
  ctx: EngineContext,
  topic: string,
  reason?: ErrorResponse,
): Promise<void> {
  await sendRequest(ctx, {
    topic,
    method: 'wc_pairingDelete',
    params: reason ?? getSdkError('USER_DISCONNECTED'),
  })
  await deletePairing(ctx, topic)
}
