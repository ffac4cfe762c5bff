import type { EngineContext } from '../context.js'
import type { Metadata, Pairing } from '../schemas/index.js'
import { topicTarget } from '../store/expirer.js'
import { held } from '../store/held.js'
import { calcExpiry, FIVE_MINUTES } from '../time.js'

/** Stores a pairing, new or changed, and arms its expiry. */
export async function savePairing(ctx: EngineContext, pairing: Pairing): Promise<void> {
  await ctx.stores.pairings.set(pairing.topic, pairing)
  await ctx.expirer.set(topicTarget(pairing.topic), pairing.expiry)
}

/**
 * Marks a pairing used. Since Sign 2.5 the official clients give an active pairing five more minutes
 * rather than a month: sessions carry on over their own topics.
 */
export async function activatePairing(ctx: EngineContext, topic: string): Promise<void> {
  if (ctx.stores.pairings.has(topic))
    await savePairing(ctx, {
      ...ctx.stores.pairings.get(topic),
      active: true,
      expiry: calcExpiry(ctx.clock, FIVE_MINUTES),
    })
}

/**
 * Holds a pairing at least until `expiry`. A sign-in request goes with its pairing, and may be held
 * longer than the five minutes an unused pairing gets: the request's own expiry, already cut to its
 * lifetime, is what bounds it.
 */
export async function holdPairingUntil(ctx: EngineContext, topic: string, expiry: number): Promise<void> {
  const pairing = held(ctx.stores.pairings, topic)
  if (pairing && pairing.expiry < expiry) await savePairing(ctx, { ...pairing, expiry })
}

export async function updatePairingMetadata(
  ctx: EngineContext,
  topic: string,
  metadata: Metadata,
): Promise<void> {
  if (ctx.stores.pairings.has(topic)) await ctx.stores.pairings.update(topic, { peerMetadata: metadata })
}
