import { perClientLimit } from '../projects/clientBudget.js'

/**
 * Calls one client holds for the upstream at once: a fifth of the batcher's cap (2,000 of 10,000), so one
 * client's slow calls leave most of the process's budget to every other client and project.
 */
export const pendingCallsPerClient = (maxPendingCalls: number): number => perClientLimit(maxPendingCalls)

/**
 * The calls each client (its `clientKey`: IP, IPv6 by its /64, whatever project it names) has waiting
 * on the upstream. Counted in this process alone, unlike the rate budgets: a call is in flight only in
 * the process holding its request, so its count lives and ends there. A client's entry goes when its
 * count is back at zero, so the map holds only the clients with calls in flight.
 */
export class PendingCallsPerClient {
  readonly #counts = new Map<string, number>()

  constructor(private readonly limit: number) {}

  /** Counts `calls` more for `client`; false (nothing counted) when that would pass its share. */
  take(client: string, calls: number): boolean {
    const held = (this.#counts.get(client) ?? 0) + calls
    if (held > this.limit) return false
    this.#counts.set(client, held)
    return true
  }

  /** Gives back `calls` of `client`'s once they are answered or have failed. */
  release(client: string, calls: number): void {
    const held = (this.#counts.get(client) ?? 0) - calls
    if (held > 0) this.#counts.set(client, held)
    else this.#counts.delete(client)
  }
}
