import { perClientLimit } from '../projects/clientBudget.js'
import { CountsPerClient } from './countsPerClient.js'

/**
 * Calls one client holds for the upstream at once: a fifth of the batcher's cap (2,000 of 10,000), so one
 * client's slow calls leave most of the process's budget to every other client and project.
 */
export const pendingCallsPerClient = (maxPendingCalls: number): number => perClientLimit(maxPendingCalls)

/**
 * Calls sent to the upstream alone (UpstreamBatcher.goesAlone: logs, receipts, full blocks, every bundler
 * call) one client holds at once. Each holds one of the upstream's connections to its URL (HttpUpstream's 64)
 * for as long as the node takes, up to its timeout: a client's slow eth_getLogs take an eighth of them at
 * most, not all, which would leave every other client's calls waiting on the pool until they time out.
 */
export const DEFAULT_MAX_ALONE_CALLS_PER_CLIENT = 8

/**
 * The calls each client has waiting on the upstream, or those of them sent alone. Counted in this process
 * alone, unlike the rate budgets: a call is in flight only in the process holding its request, so its count
 * lives and ends there.
 */
export class PendingCallsPerClient extends CountsPerClient {
  constructor(private readonly limit: number) {
    super()
  }

  /** Counts `calls` more for `client`; false (nothing counted) when that would pass its share. */
  take(client: string, calls: number): boolean {
    const held = (this.counts.get(client) ?? 0) + calls
    if (held > this.limit) return false
    this.counts.set(client, held)
    return true
  }
}
