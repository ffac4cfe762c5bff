import type { EngineContext } from '../context.js'
import { idTarget } from '../store/expirer.js'

/** Drops an incoming session request from the store, the expirer and the queue. */
export async function deletePendingRequest(
  ctx: EngineContext,
  id: number,
  options: { expired?: boolean } = {},
): Promise<void> {
  await ctx.stores.pendingRequests.delete(String(id))
  if (!options.expired) await ctx.expirer.delete(idTarget(id))
  ctx.recentlyDeleted.add(id, 'request')
  ctx.requestQueue.queue = ctx.requestQueue.queue.filter((request) => request.id !== id)
  if (options.expired) {
    ctx.requestQueue.active = false
    ctx.events.emit('session_request_expire', { id })
  }
}
