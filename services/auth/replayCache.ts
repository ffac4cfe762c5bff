import type { Eventually } from '@pairwise/common'

/**
 * What remembering a proof's signature found: its first sight, a replay, no room left in the asking
 * client's own share (`clientFull`), or no room to remember it at all.
 */
export type ReplaySeen = 'fresh' | 'replay' | 'clientFull' | 'full'

/**
 * Where the signatures seen lately are kept: this process (ReplayCache) or one Redis shared by every auth
 * process (RedisReplayGuard), so that a proof accepted by one is a replay on every other.
 */
export interface ReplayGuard {
  /** `client` is the asker's `clientKey` (its IP, an IPv6 client by its /64). */
  remember(key: string, now: number, client: string): Eventually<ReplaySeen>
}

type Entry = { until: number; client: string }

/**
 * Proof signatures (by their r half) seen lately, each kept until it could no longer pass the clock check. Bounded: when
 * every place holds a live entry, `remember` refuses instead of forgetting one (a forgotten signature
 * could be replayed). The start routes take a proof from any key a client makes up, so anyone can fill
 * places: each client holds at most `perClient` of them, and a flood from one address is refused on its
 * own share before it can leave no place for everyone else.
 */
export class ReplayCache implements ReplayGuard {
  readonly #seen = new Map<string, Entry>()
  readonly #heldBy = new Map<string, number>()

  constructor(
    private readonly maxEntries: number,
    private readonly keepMs: number,
    private readonly perClient: number = maxEntries,
  ) {}

  /**
   * 'fresh' the first time a key is seen, 'replay' after, 'clientFull' when `client` holds its share of
   * live entries, 'full' when there is no room to remember it.
   */
  remember(key: string, now: number, client: string): ReplaySeen {
    this.#dropExpired(now)
    const held = this.#seen.get(key)
    if (held !== undefined && held.until > now) return 'replay'
    if (held !== undefined) this.#delete(key, held)
    if (this.#seen.size >= this.maxEntries) return 'full'
    if ((this.#heldBy.get(client) ?? 0) >= this.perClient) return 'clientFull'
    this.#seen.set(key, { until: now + this.keepMs, client })
    this.#heldBy.set(client, (this.#heldBy.get(client) ?? 0) + 1)
    return 'fresh'
  }

  get size(): number {
    return this.#seen.size
  }

  // Every entry lives the same time, so insertion order is expiry order: the stale ones are at the front.
  // (A clock stepping back may leave one behind a live entry; it goes once that one does.)
  #dropExpired(now: number): void {
    for (const [key, entry] of this.#seen) {
      if (entry.until > now) return
      this.#delete(key, entry)
    }
  }

  #delete(key: string, entry: Entry): void {
    this.#seen.delete(key)
    const left = (this.#heldBy.get(entry.client) ?? 1) - 1
    if (left > 0) this.#heldBy.set(entry.client, left)
    else this.#heldBy.delete(entry.client)
  }
}
