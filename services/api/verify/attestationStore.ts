import type { Eventually } from '@pairwise/common'
import { MemoryCappedRecords } from '../../sharedState/index.js'

/** How long a registered hash can be looked up: a message is checked when it arrives, not days later. */
export const DEFAULT_ATTESTATION_TTL_MS = 5 * 60_000
/**
 * Registrations held at once. Any page may register (that is the point: a page states its own origin), so
 * the store is bounded: an entry is a 64-character hash, an origin of at most 300 characters and a client
 * address, under 1 KB with the Maps' overhead, so 50,000 entries stay under 50 MB. Past the cap the client
 * holding the most loses its oldest (MemoryCappedRecords), so a flood spends its own first; what it still
 * pushes out turns other messages' checks UNKNOWN, never VALID.
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
  readonly #records: MemoryCappedRecords<Entry>
  readonly #now: () => number
  readonly #ttlMs: number

  constructor(options: AttestationStoreOptions) {
    this.#now = options.now
    this.#ttlMs = options.ttlMs ?? DEFAULT_ATTESTATION_TTL_MS
    this.#records = new MemoryCappedRecords({
      perClient: options.perClient ?? DEFAULT_ATTESTATIONS_PER_CLIENT,
      maxEntries: options.maxEntries ?? DEFAULT_MAX_ATTESTATIONS,
    })
  }

  get size(): number {
    return this.#records.size
  }

  /** Records that `client`, from a frame on `origin`, registered `hash`. */
  register(hash: string, origin: string, client: string): void {
    this.#records.dropExpired(this.#now())
    const known = this.#records.get(hash)
    if (known !== undefined) {
      if (known.origin !== origin) known.disputed = true
      return
    }
    this.#records.add(hash, { origin, client, expiresAt: this.#now() + this.#ttlMs, disputed: false })
  }

  /** The origin that registered `hash`, while it is fresh and undisputed. */
  originOf(hash: string): string | undefined {
    const entry = this.#records.get(hash)
    return entry === undefined || entry.disputed || entry.expiresAt <= this.#now() ? undefined : entry.origin
  }
}
