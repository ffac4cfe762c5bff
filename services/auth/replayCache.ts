import type { Eventually } from '@pairwise/common'

/** What remembering a proof's signature found: its first sight, a replay, or no room to remember it. */
export type ReplaySeen = 'fresh' | 'replay' | 'full'

/**
 * Where the signatures seen lately are kept: this process (ReplayCache) or one Redis shared by every auth
 * process (RedisReplayGuard), so that a proof accepted by one is a replay on every other.
 */
export interface ReplayGuard {
  remember(key: string, now: number): Eventually<ReplaySeen>
}

/**
 * Proof signatures (by their r half) seen lately, each kept until it could no longer pass the clock check. Bounded: when
 * every place holds a live entry, `remember` refuses instead of forgetting one (a forgotten signature
 * could be replayed).
 */
export class ReplayCache implements ReplayGuard {
  readonly #seen = new Map<string, number>()

  constructor(
    private readonly maxEntries: number,
    private readonly keepMs: number,
  ) {}

  /** 'fresh' the first time a key is seen, 'replay' after, 'full' when there is no room to remember it. */
  remember(key: string, now: number): ReplaySeen {
    const until = this.#seen.get(key)
    if (until !== undefined && until > now) return 'replay'
    if (this.#seen.size >= this.maxEntries) this.#drop(now)
    if (this.#seen.size >= this.maxEntries) return 'full'
    this.#seen.set(key, now + this.keepMs)
    return 'fresh'
  }

  get size(): number {
    return this.#seen.size
  }

  #drop(now: number): void {
    for (const [key, until] of this.#seen) if (until <= now) this.#seen.delete(key)
  }
}
