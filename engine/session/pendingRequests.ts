import type { EngineContext } from '../context.js'
import { idTarget } from '../store/expirer.js'
import { releaseAfterResponse } from './queue.js'

/** Drops an incoming session request from the store, the expirer and the queue. */
export async function deletePendingRequest(
  ctx: EngineContext,
  id: number,
  options: { expired?: boolean } = {},
): Promise<void> {
  await ctx.stores.pendingRequests.delete(String(id))
  if (!options.expired) await ctx.expirer.delete(idTarget(id))
  ctx.recentlyDeleted.add(id, 'request')
  const { requestQueue } = ctx
  // While a request is being answered it is the head of the queue; one expiring behind it frees nothing.
  const handedOut = requestQueue.active && requestQueue.queue[0]?.id === id
  requestQueue.queue = requestQueue.queue.filter((request) => request.id !== id)
  if (options.expired) {
    ctx.events.emit('session_request_expire', { id })
    if (handedOut) releaseAfterResponse(ctx)
  }
}
