/** How long a filter stays bound to its client after its last use: a node's own filter timeout (geth, Anvil). */
export const FILTER_TTL_MS = 5 * 60_000
/** Live filters one client (IPv6 by /64) may hold through the proxy, over every project and chain. */
export const DEFAULT_FILTERS_PER_CLIENT = 32
/** Live filters this process tracks in all (the in-memory store); past it, new ones are refused. */
export const DEFAULT_MAX_TRACKED_FILTERS = 100_000

/**
 * Which client made each filter the proxy forwarded, so that only it reads or removes it: a node's filter ids
 * are the node's, shared by every caller. Entries are keyed per client; each lives FILTER_TTL_MS after its
 * last use. A slot is reserved before the filter is made upstream, so a batch of creations cannot pass the cap.
 */
export type FilterOwners = {
  /** Holds a slot of `owner`'s named `slot`; false when `owner` has its cap of live filters. */
  reserve(owner: string, slot: string): Promise<boolean>
  /** Turns the reserved `slot` into the filter `filter` the node made. */
  bind(owner: string, slot: string, filter: string): Promise<void>
  /** Gives back `slot` (or a bound filter): the node made none, or it was uninstalled. */
  release(owner: string, slot: string): Promise<void>
  /** Whether `owner` holds `filter` now; a use keeps it alive another TTL. */
  touch(owner: string, filter: string): Promise<boolean>
}

export type FilterOwnersOptions = { now: () => number; perClient?: number; maxTracked?: number }

/** The store of one process: a map of each client's filters to when they expire. */
export class MemoryFilterOwners implements FilterOwners {
  readonly #owners = new Map<string, Map<string, number>>()
  readonly #now: () => number
  readonly #perClient: number
  readonly #maxTracked: number
  #tracked = 0

  constructor(options: FilterOwnersOptions) {
    this.#now = options.now
    this.#perClient = options.perClient ?? DEFAULT_FILTERS_PER_CLIENT
    this.#maxTracked = options.maxTracked ?? DEFAULT_MAX_TRACKED_FILTERS
  }

  async reserve(owner: string, slot: string): Promise<boolean> {
    const own = this.#live(owner)
    if (own.size >= this.#perClient) return false
    if (this.#tracked >= this.#maxTracked) {
      for (const each of this.#owners.keys()) this.#live(each)
      if (this.#tracked >= this.#maxTracked) return false
    }
    this.#set(owner, own, slot)
    return true
  }

  async bind(owner: string, slot: string, filter: string): Promise<void> {
    const own = this.#live(owner)
    this.#delete(owner, own, slot)
    this.#set(owner, own, filter)
  }

  async release(owner: string, slot: string): Promise<void> {
    this.#delete(owner, this.#live(owner), slot)
  }

  async touch(owner: string, filter: string): Promise<boolean> {
    const own = this.#live(owner)
    if (!own.has(filter)) return false
    own.set(filter, this.#now() + FILTER_TTL_MS)
    return true
  }

  /** `owner`'s entries with the expired ones dropped. */
  #live(owner: string): Map<string, number> {
    const own = this.#owners.get(owner) ?? new Map<string, number>()
    const now = this.#now()
    for (const [key, expiresAt] of own) if (expiresAt <= now) this.#delete(owner, own, key)
    return own
  }

  #set(owner: string, own: Map<string, number>, key: string): void {
    if (!own.has(key)) this.#tracked += 1
    own.set(key, this.#now() + FILTER_TTL_MS)
    this.#owners.set(owner, own)
  }

  #delete(owner: string, own: Map<string, number>, key: string): void {
    if (own.delete(key)) this.#tracked -= 1
    if (own.size === 0) this.#owners.delete(owner)
  }
}
