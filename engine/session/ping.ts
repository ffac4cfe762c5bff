import type { EngineContext } from '../context.js'
import { toErrorResponse } from '../errors.js'
import type { JsonRpcRequest } from '../jsonrpc/index.js'
import { pingPairing } from '../pairing/ping.js'
import { FIVE_MINUTES } from '../time.js'
import { sendAndAwait, sendError, sendResult } from '../transport/send.js'
import type { PingParams } from '../types.js'
import { assertParams, assertSessionOrPairingTopic } from '../validate.js'

/** Checks the peer is there; resolves half a second after its answer, as the official client does. */
export async function ping(ctx: EngineContext, params: PingParams): Promise<void> {
  assertParams(params, 'ping()')
  const kind = await assertSessionOrPairingTopic(ctx, params.topic)
  if (kind === 'pairing') {
    ctx.logger.warn('ping() on a pairing topic is deprecated')
    await pingPairing(ctx, params.topic)
    return
  }
  const { done } = await sendAndAwait<unknown>(ctx, {
    topic: params.topic,
    method: 'wc_sessionPing',
    params: {},
    timeoutMs: FIVE_MINUTES * 1000,
    timeoutMessage: 'Ping request expired without receiving any acknowledgement',
  })
  await done
}

export async function onPingRequest(
  ctx: EngineContext,
  topic: string,
  payload: JsonRpcRequest,
): Promise<void> {
  try {
    await assertSessionOrPairingTopic(ctx, topic)
    await sendResult(ctx, topic, 'wc_sessionPing', payload.id, true)
    ctx.events.emit('session_ping', { id: payload.id, topic })
  } catch (error) {
    await sendError(ctx, topic, 'wc_sessionPing', payload.id, toErrorResponse(error))
  }
}
