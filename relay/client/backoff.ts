/**
 * Linear bounds (1, 2, 3 … steps) up to a cap, as the official clients retry: fast at first, never idle
 * long. Each delay is drawn anywhere below its bound ("full jitter"): clients a relay restart drops
 * together would otherwise all redial at the same instants and trip its per-address limits in bursts.
 */
export function reconnectDelay(attempt: number, stepMs: number, maxMs: number, random = Math.random): number {
  return random() * Math.min(Math.max(1, attempt) * stepMs, maxMs)
}
