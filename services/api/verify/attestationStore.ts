import type { Eventually } from '@pairwise/common'

/** How long a registered hash can be looked up: a message is checked when it arrives, not days later. */
export const DEFAULT_ATTESTATION_TTL_MS = 5 * 60_000
/**
 * Registrations held at once. Any page may register (that is the point: a page states its own origin), so
 * the store is bounded: an entry is a 64-character hash, an origin of at most 300 characters and a client
 * address, under 1 KB with the Maps' overhead, so 50,000 entries stay under 50 MB. Past the cap the oldest
 * registration is forgotten first; a flood therefore turns other messages' checks UNKNOWN, never VALID.
 */
export const DEFAULT_MAX_ATTESTATIONS = 50_000
/**
 * Live registrations one client may hold (one per message its pages send within the TTL); past it, its own
 * oldest is forgotten first, so one client cannot push the others' registrations out.
 */
export const DEFAULT_ATTESTATIONS_PER_CLIENT = 1_000

type Entry = { origin: string; client: string; expiresAt: number; disputed: boolean }

/** Where registrations live: this process (AttestationStore) or one Redis (RedisAttestationStore). */
export interface Attestations {
  /** Records that `client`, from a frame on `origin`, registered `hash`. */
  register(hash: string, origin: string, client: string): Eventually<void>
  /** The origin that registered `hash`, while it is fresh and undisputed. */
  originOf(hash: string): Eventually<string | undefined>
}

export type AttestationStoreOptions = {
  now: () => number
  ttlMs?: number
  maxEntries?: number
  perClient?: number
}

/**
 * Which origin registered the hash of a request it was about to send (the v1 lookup). Held in memory, not
 * in the database: entries live minutes and are asked for within seconds of being written, one is written
 * for every request a dapp sends, by anyone, and losing them in a restart only makes the messages in flight
 * UNKNOWN. Several api processes behind one name share theirs in Redis instead (RedisAttestationStore).
 *
 * A hash registered by two different origins is disputed and answered by neither: the store never names
 * an origin it is not sure of.
 */
export class AttestationStore implements Attestations {
  readonly #entries = new Map<string, Entry>()
  readonly #byClient = new Map<string, Set<string>>()
  readonly #now: () => number
  readonly #ttlMs: number
  readonly #maxEntries: number
  readonly #perClient: number

  constructor(options: AttestationStoreOptions) {
    this.#now = options.now
    this.#ttlMs = options.ttlMs ?? DEFAULT_ATTESTATION_TTL_MS
    this.#maxEntries = options.maxEntries ?? DEFAULT_MAX_ATTESTATIONS
    this.#perClient = options.perClient ?? DEFAULT_ATTESTATIONS_PER_CLIENT
  }

  get size(): number {
    return this.#entries.size
  }

  /** Records that `client`, from a frame on `origin`, registered `hash`. */
  register(hash: string, origin: string, client: string): void {
    this.#dropExpired()
    const known = this.#entries.get(hash)
    if (known !== undefined) {
      if (known.origin !== origin) known.disputed = true
      return
    }
    const own = this.#byClient.get(client)
    if (own !== undefined && own.size >= this.#perClient) this.#delete(own.values().next().value)
    if (this.#entries.size >= this.#maxEntries) this.#delete(this.#entries.keys().next().value)
    this.#entries.set(hash, { origin, client, expiresAt: this.#now() + this.#ttlMs, disputed: false })
    this.#byClient.set(client, (own ?? new Set()).add(hash))
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
      this.#delete(hash)
    }
  }

  #delete(hash: string | undefined): void {
    if (hash === undefined) return
    const entry = this.#entries.get(hash)
    if (entry === undefined) return
    this.#entries.delete(hash)
    const own = this.#byClient.get(entry.client)
    own?.delete(hash)
    if (own?.size === 0) this.#byClient.delete(entry.client)
  }
}
