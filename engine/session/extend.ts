import type { EngineContext } from '../context.js'
import { sdkError, toErrorResponse } from '../errors.js'
import type { JsonRpcRequest } from '../jsonrpc/index.js'
import { calcExpiry, FIVE_MINUTES, SEVEN_DAYS } from '../time.js'
import { sendAndAwait, sendError, sendResult } from '../transport/send.js'
import type { Acknowledged, ExtendParams } from '../types.js'
import { assertParams, assertSessionTopic } from '../validate.js'
import { setSessionExpiry } from './expiry.js'
import { isStale, markApplied } from './lastApplied.js'

/** Resets a session's expiry to seven days from now, here and (once it answers) at the peer. */
export async function extend(ctx: EngineContext, params: ExtendParams): Promise<Acknowledged> {
  assertParams(params, 'extend()')
  await assertSessionTopic(ctx, params.topic)
  const expiry = calcExpiry(ctx.clock, SEVEN_DAYS)
  await setSessionExpiry(ctx, params.topic, expiry)
  const { done } = await sendAndAwait<unknown>(ctx, {
    topic: params.topic,
    method: 'wc_sessionExtend',
    // The official receiver resets the expiry itself and reads nothing; the spec's receivers read this.
    params: { expiry },
    timeoutMs: FIVE_MINUTES * 1000,
    timeoutMessage: 'Session extend request expired without receiving any acknowledgement',
  })
  return { acknowledged: async () => void (await done) }
}

/**
 * The peer extended the session: seven days from now, here too. An extend no newer (by the time in its id)
 * than the last one applied, kept in the session record, is refused with INVALID_EXTEND_REQUEST, so a
 * message the relay held back cannot push the expiry again.
 */
export async function onExtendRequest(
  ctx: EngineContext,
  topic: string,
  payload: JsonRpcRequest,
): Promise<void> {
  const { id } = payload
  try {
    await assertSessionTopic(ctx, topic)
    if (isStale(ctx.stores.sessions.get(topic), 'extend', id)) throw sdkError('INVALID_EXTEND_REQUEST')
    await markApplied(ctx, topic, 'extend', id)
    await setSessionExpiry(ctx, topic, calcExpiry(ctx.clock, SEVEN_DAYS))
    await sendResult(ctx, topic, 'wc_sessionExtend', id, true)
    ctx.events.emit('session_extend', { id, topic })
  } catch (error) {
    await sendError(ctx, topic, 'wc_sessionExtend', id, toErrorResponse(error))
  }
}
