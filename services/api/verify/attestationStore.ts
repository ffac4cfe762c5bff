/** How long a registered hash can be looked up: a message is checked when it arrives, not days later. */
export const DEFAULT_ATTESTATION_TTL_MS = 5 * 60_000
/**
 * Registrations held at once. Anyone may register (that is the point: a page states its own origin), so
 * the store is bounded: an entry is a 64-character hash and an origin of at most 300 characters, about
 * 600 bytes with the Map's overhead, so 50,000 entries stay under 30 MB. Past the cap the oldest
 * registration is forgotten first; a flood therefore turns other messages' checks UNKNOWN, never VALID.
 */
export const DEFAULT_MAX_ATTESTATIONS = 50_000

type Entry = { origin: string; expiresAt: number; disputed: boolean }

export type AttestationStoreOptions = { now: () => number; ttlMs?: number; maxEntries?: number }

/**
 * Which origin registered the hash of a request it was about to send (the v1 lookup). Held in memory, not
 * in the database: entries live minutes and are asked for within seconds of being written, one is written
 * for every request a dapp sends, by anyone, and losing them in a restart only makes the messages in flight
 * UNKNOWN. (Several api instances behind one name would each know only their own registrations.)
 *
 * A hash registered by two different origins is disputed and answered by neither: the store never names
 * an origin it is not sure of.
 */
export class AttestationStore {
  readonly #entries = new Map<string, Entry>()
  readonly #now: () => number
  readonly #ttlMs: number
  readonly #maxEntries: number

  constructor(options: AttestationStoreOptions) {
    this.#now = options.now
    this.#ttlMs = options.ttlMs ?? DEFAULT_ATTESTATION_TTL_MS
    this.#maxEntries = options.maxEntries ?? DEFAULT_MAX_ATTESTATIONS
  }

  get size(): number {
    return this.#entries.size
  }

  register(hash: string, origin: string): void {
    this.#dropExpired()
    const known = this.#entries.get(hash)
    if (known !== undefined) {
      if (known.origin !== origin) known.disputed = true
      return
    }
    if (this.#entries.size >= this.#maxEntries) this.#dropOldest()
    this.#entries.set(hash, { origin, expiresAt: this.#now() + this.#ttlMs, disputed: false })
  }

  /** The origin that registered `hash`, while it is fresh and undisputed. */
  originOf(hash: string): string | undefined {
    const entry = this.#entries.get(hash)
    return entry === undefined || entry.disputed || entry.expiresAt <= this.#now() ? undefined : entry.origin
  }

  // Every entry lives the same TTL, so insertion order is expiry order: the stale ones are at the front.
  #dropExpired(): void {
    const now = this.#now()
    for (const [hash, entry] of this.#entries) {
      if (entry.expiresAt > now) return
      this.#entries.delete(hash)
    }
  }

  #dropOldest(): void {
    const oldest = this.#entries.keys().next()
    if (!oldest.done) this.#entries.delete(oldest.value)
  }
}
