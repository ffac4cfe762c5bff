/** Linear backoff (1, 2, 3 … steps) up to a cap, as the official clients retry: fast at first, never idle long. */
export function reconnectDelay(attempt: number, stepMs: number, maxMs: number): number {
  return Math.min(Math.max(1, attempt) * stepMs, maxMs)
}
