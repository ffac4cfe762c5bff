import type { Eventually } from '@pairwise/common'

/**
 * Open connections per client address, for `maxConnectionsPerIp`: counted by this node alone, or across
 * every node of a deployment (RedisConnectionCounts), since a client may reach any node.
 */
export interface ConnectionCounts {
  /** Counts one more connection from `address`; false (nothing counted) when `cap` are open already. */
  admit(address: string, cap: number): Eventually<boolean>
  /** One connection from `address` closed. */
  release(address: string): void
  /** Stops counting for this node, forgetting its connections. */
  close(): Promise<void>
}

/** The counts of this node alone: all a single node needs. */
export class MemoryConnectionCounts implements ConnectionCounts {
  readonly #perAddress = new Map<string, number>()

  admit(address: string, cap: number): boolean {
    const open = this.#perAddress.get(address) ?? 0
    if (open >= cap) return false
    this.#perAddress.set(address, open + 1)
    return true
  }

  release(address: string): void {
    const left = (this.#perAddress.get(address) ?? 1) - 1
    if (left > 0) this.#perAddress.set(address, left)
    else this.#perAddress.delete(address)
  }

  async close(): Promise<void> {
    this.#perAddress.clear()
  }
}
