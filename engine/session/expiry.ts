import type { EngineContext } from '../context.js'
import { topicTarget } from '../store/expirer.js'

/** Moves a session's expiry, in its record and in the expirer. */
export async function setSessionExpiry(ctx: EngineContext, topic: string, expiry: number): Promise<void> {
  if (!ctx.stores.sessions.has(topic)) return
  await ctx.stores.sessions.update(topic, { expiry })
  await ctx.expirer.set(topicTarget(topic), expiry)
}
