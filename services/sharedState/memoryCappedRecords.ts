/** What every record carries: whose it is and when it goes stale. */
export type CappedRecord = { readonly client: string; readonly expiresAt: number }

/**
 * Records that live one TTL, each held for a client, bounded per client and in all: the in-memory form of
 * RedisCappedRecords, for the verify service's attestation and challenge stores in one process.
 *
 * Past the total, the oldest record of the client holding the most goes, not the oldest of all: anyone may
 * add records, and a flood from many addresses (an IPv6 /48 holds 65,536 /64s) would otherwise push out
 * everyone else's within a few dozen addresses. Now it pushes out its own until its addresses hold no more
 * than the honest clients each do.
 */
export class MemoryCappedRecords<Entry extends CappedRecord> {
  // Insertion order is expiry order (one TTL for all): the stale ones are at the front.
  readonly #entries = new Map<string, Entry>()
  readonly #byClient = new Map<string, Set<string>>()
  // The clients holding n records, at index n; #fullest is the highest index with any.
  readonly #bySize: Set<string>[] = []
  #fullest = 0

  constructor(private readonly limits: { perClient: number; maxEntries: number }) {}

  get size(): number {
    return this.#entries.size
  }

  get(id: string): Entry | undefined {
    return this.#entries.get(id)
  }

  /** Holds `entry` under `id` (not held yet), making room: the client's own oldest, then the fullest's. */
  add(id: string, entry: Entry): void {
    const own = this.#byClient.get(entry.client)
    if (own !== undefined && own.size >= this.limits.perClient) this.delete(first(own))
    if (this.#entries.size >= this.limits.maxEntries) this.#dropFromFullest()
    this.#entries.set(id, entry)
    const ids = this.#byClient.get(entry.client) ?? new Set()
    this.#byClient.set(entry.client, ids.add(id))
    this.#resize(entry.client, ids.size - 1, ids.size)
  }

  delete(id: string | undefined): void {
    const entry = id === undefined ? undefined : this.#entries.get(id)
    if (id === undefined || entry === undefined) return
    this.#entries.delete(id)
    const own = this.#byClient.get(entry.client)
    if (own === undefined) return
    own.delete(id)
    if (own.size === 0) this.#byClient.delete(entry.client)
    this.#resize(entry.client, own.size + 1, own.size)
  }

  /** Forgets the records stale at `now`. */
  dropExpired(now: number): void {
    for (const [id, entry] of this.#entries) {
      if (entry.expiresAt > now) return
      this.delete(id)
    }
  }

  #dropFromFullest(): void {
    const client = first(this.#bySize[this.#fullest])
    const own = client === undefined ? undefined : this.#byClient.get(client)
    if (own !== undefined) this.delete(first(own))
  }

  #resize(client: string, from: number, to: number): void {
    this.#bySize[from]?.delete(client)
    if (to > 0) {
      const clients = this.#bySize[to] ?? new Set()
      this.#bySize[to] = clients.add(client)
    }
    if (to > this.#fullest) this.#fullest = to
    while (this.#fullest > 0 && !this.#bySize[this.#fullest]?.size) this.#fullest--
  }
}

const first = (set: Set<string> | undefined): string | undefined => set?.values().next().value
