import type { EngineContext } from '../context.js'
import { internalError, toErrorResponse } from '../errors.js'
import type { JsonRpcRequest } from '../jsonrpc/index.js'
import { SessionEventParamsSchema } from '../schemas/index.js'
import { sendError, sendRequest } from '../transport/send.js'
import type { EmitParams } from '../types.js'
import { assertParams, assertSessionTopic } from '../validate.js'
import { assertEventAllowed } from './checks.js'
import { isStale, markApplied } from './lastApplied.js'

/** Wallet side: tells the dapp about an approved event (e.g. `accountsChanged`) on a session chain. */
export async function emit(ctx: EngineContext, params: EmitParams): Promise<void> {
  assertParams(params, 'emit()')
  await assertSessionTopic(ctx, params.topic)
  assertEventAllowed(ctx, params.topic, params.chainId, params.event, 'emit()')
  const { topic, event, chainId } = params
  await sendRequest(ctx, { topic, method: 'wc_sessionEvent', params: { event, chainId } })
}

/**
 * Dapp side: an event arrived. One no newer (by the time in its id) than the last of the same name applied,
 * kept in the session record, is dropped silently, as the official client does; a disallowed one is
 * answered with an error.
 */
export async function onEventRequest(
  ctx: EngineContext,
  topic: string,
  payload: JsonRpcRequest,
): Promise<void> {
  const { id } = payload
  try {
    const parsed = SessionEventParamsSchema.safeParse(payload.params)
    if (!parsed.success)
      throw internalError('MISSING_OR_INVALID', `emit() event: ${JSON.stringify(payload.params)}`)
    await assertSessionTopic(ctx, topic)
    const kind = { event: parsed.data.event.name }
    if (isStale(ctx.stores.sessions.get(topic), kind, id)) {
      ctx.logger.info('dropped a stale event', { topic, id })
      return
    }
    assertEventAllowed(ctx, topic, parsed.data.chainId, parsed.data.event, 'emit()')
    await markApplied(ctx, topic, kind, id)
    ctx.events.emit('session_event', { id, topic, params: parsed.data })
  } catch (error) {
    await sendError(ctx, topic, 'wc_sessionEvent', id, toErrorResponse(error))
  }
}
