import type { EngineContext } from '../context.js'
import { deleteAuthRequest, deleteProposal } from '../proposal/records.js'
import { topicTarget } from '../store/expirer.js'
import { deleteKey } from '../transport/keys.js'

/**
 * Forgets a pairing: subscription, record, key and expiry, and what its peer sent on it and waits on
 * an answer for; remembered as recently deleted.
 */
export async function deletePairing(ctx: EngineContext, topic: string): Promise<void> {
  // Not awaited: a relay that is down must not hold up the delete; the client drops the topic at once.
  ctx.relay.unsubscribe(topic).catch((error: unknown) => {
    ctx.logger.warn('unsubscribe failed', { topic, error: String(error) })
  })
  await ctx.stores.pairings.delete(topic)
  await deleteKey(ctx, topic)
  await ctx.expirer.delete(topicTarget(topic))
  ctx.recentlyDeleted.add(topic, 'pairing')
  await deleteReceived(ctx, topic)
}

/**
 * The proposals and sign-in requests received on a pairing go with it: an answer to a proposal is sealed
 * with the pairing's key, and none of them may keep a place under the proposal caps once the pairing
 * is gone. A proposal's prompt is closed as on its expiry, which may come a moment after the pairing's.
 * A proposal of our own whose `connect()` still waits stays until it expires, which ends the wait.
 */
async function deleteReceived(ctx: EngineContext, topic: string): Promise<void> {
  for (const { id } of ctx.stores.proposals.getAll({ pairingTopic: topic })) {
    if (ctx.calls.approval(id) !== undefined) continue
    await deleteProposal(ctx, id)
    ctx.events.emit('proposal_expire', { id })
  }
  for (const { id } of ctx.stores.authRequests.getAll({ pairingTopic: topic }))
    await deleteAuthRequest(ctx, id)
}
