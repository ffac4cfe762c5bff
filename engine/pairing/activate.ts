import type { EngineContext } from '../context.js'
import type { Metadata } from '../schemas/index.js'
import { topicTarget } from '../store/expirer.js'
import { calcExpiry, FIVE_MINUTES } from '../time.js'

/**
 * Marks a pairing used. Since Sign 2.5 the official clients give an active pairing five more minutes
 * rather than a month: sessions carry on over their own topics.
 */
export async function activatePairing(ctx: EngineContext, topic: string): Promise<void> {
  if (!ctx.stores.pairings.has(topic)) return
  const expiry = calcExpiry(ctx.clock, FIVE_MINUTES)
  await ctx.stores.pairings.update(topic, { active: true, expiry })
  await ctx.expirer.set(topicTarget(topic), expiry)
}

export async function updatePairingMetadata(
  ctx: EngineContext,
  topic: string,
  metadata: Metadata,
): Promise<void> {
  if (ctx.stores.pairings.has(topic)) await ctx.stores.pairings.update(topic, { peerMetadata: metadata })
}
