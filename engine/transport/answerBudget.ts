import type { EngineContext } from '../context.js'
import { MAX_AUTO_ANSWERS_PER_MINUTE } from '../limits.js'

const MINUTE_MS = 60_000
const EACH_MS = MINUTE_MS / MAX_AUTO_ANSWERS_PER_MINUTE

/**
 * Takes one answer from `topic`'s budget (limits.ts): MAX_AUTO_ANSWERS_PER_MINUTE at once, then one per
 * EACH_MS. A token bucket kept as one number, the time its topic's bucket is full again: each answer moves
 * it on by EACH_MS, and one that would move it more than a minute past now is not given. Nor is one for a
 * topic whose key is gone (nothing could be sealed for it), so `deleteKey` (transport/keys.ts), taking a
 * topic's entry with its key, leaves the map no larger than the live topics.
 */
export function takeAnswer(ctx: EngineContext, topic: string): boolean {
  const now = ctx.clock.now()
  const whole = Math.max(ctx.answerBudgets.get(topic) ?? now, now) + EACH_MS
  if (whole > now + MINUTE_MS || !ctx.stores.keychain.has(topic)) return false
  ctx.answerBudgets.set(topic, whole)
  return true
}
