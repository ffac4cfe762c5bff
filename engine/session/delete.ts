import type { EngineContext } from '../context.js'
import { type ErrorResponse, getSdkError } from '../errors.js'
import { topicTarget } from '../store/expirer.js'
import { held } from '../store/held.js'
import { deleteKey } from '../transport/keys.js'
import { deletePendingRequest } from './pendingRequests.js'
import { releaseAfterResponse } from './queue.js'

export type DeleteSessionOptions = {
  topic: string
  /** Emit `session_delete` (for deletes the peer asked for, or cleanup); not for our own disconnect. */
  emitEvent?: boolean
  /** The id of the peer's delete request, passed on in the event. */
  id?: number
  /** Why pending sent requests on the session fail. */
  reason?: ErrorResponse
}

/**
 * Forgets a session completely: subscription, record, keys, expiry, its queued requests and any answer
 * we were still waiting for. The topic is remembered as recently deleted.
 */
export async function deleteSession(ctx: EngineContext, options: DeleteSessionOptions): Promise<void> {
  const { topic, emitEvent = true, id = 0 } = options
  const session = held(ctx.stores.sessions, topic)
  // Not awaited: a relay that is down must not hold up the delete; the client drops the topic at once.
  ctx.relay.unsubscribe(topic).catch((error: unknown) => {
    ctx.logger.warn('unsubscribe failed', { topic, error: String(error) })
  })
  await ctx.stores.sessions.delete(topic)
  ctx.recentlyDeleted.add(topic, 'session')
  if (session) await deleteKey(ctx, session.self.publicKey)
  await deleteKey(ctx, topic)
  await ctx.expirer.delete(topicTarget(topic))
  const reason = options.reason ?? getSdkError('USER_DISCONNECTED')
  for (const record of ctx.stores.history.getAll({ topic })) {
    if (!record.answered) ctx.calls.answer({ id: record.id, jsonrpc: '2.0', error: reason })
    await ctx.stores.history.delete(String(record.id))
  }
  // The request shown may be this session's: nobody will answer it now, so the queue moves on to the
  // next session's, or one peer ending its session would leave every other peer's requests unshown.
  const shownHere = ctx.requestQueue.active && ctx.requestQueue.queue[0]?.topic === topic
  for (const request of ctx.stores.pendingRequests.getAll().filter((r) => r.topic === topic)) {
    await deletePendingRequest(ctx, request.id)
  }
  if (shownHere) releaseAfterResponse(ctx)
  if (emitEvent) ctx.events.emit('session_delete', { id, topic })
}
