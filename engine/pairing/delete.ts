import type { EngineContext } from '../context.js'
import { topicTarget } from '../store/expirer.js'
import { deleteKey } from '../transport/keys.js'

/** Forgets a pairing: subscription, record, key and expiry; remembered as recently deleted. */
export async function deletePairing(ctx: EngineContext, topic: string): Promise<void> {
  // Not awaited: a relay that is down must not hold up the delete; the client drops the topic at once.
  ctx.relay.unsubscribe(topic).catch((error: unknown) => {
    ctx.logger.warn('unsubscribe failed while deleting a pairing', { topic, error: String(error) })
  })
  await ctx.stores.pairings.delete(topic)
  await deleteKey(ctx, topic)
  await ctx.expirer.delete(topicTarget(topic))
  ctx.recentlyDeleted.add(topic, 'pairing')
}
