import { randomBytes } from 'node:crypto'
import type { Eventually } from '@pairwise/common'
import { MemoryCappedRecords } from '../../sharedState/index.js'

/** How long the challenge a frame page carries can register: the page posts it within a second of loading. */
export const DEFAULT_CHALLENGE_TTL_MS = 30_000
/** Open challenges one client may hold; past it, its own oldest is forgotten (a flood spends only its own). */
export const DEFAULT_CHALLENGES_PER_CLIENT = 20
/**
 * Open challenges held at once over all clients: an entry is a 43-character key, an origin of at most 300
 * characters and a client address, under 1 KB with the Maps' overhead, so 50,000 stay under 50 MB.
 */
export const DEFAULT_MAX_CHALLENGES = 50_000

/** What the frame page was served for: the page origin its `frame-ancestors` named, and the project's word on it. */
export type ChallengeClaim = { origin: string; verified: boolean }

type Entry = ChallengeClaim & { client: string; expiresAt: number }

/** Where open challenges live: this process (ChallengeStore) or one Redis (RedisChallengeStore). */
export interface Challenges {
  /** A new challenge for `claim`, good for one registration by `client`. */
  issue(claim: ChallengeClaim, client: string): Eventually<string>
  /** The claim of `challenge`, spent, when it is open, fresh and was served to `client`. */
  take(challenge: string, client: string): Eventually<ChallengeClaim | undefined>
}

/** A challenge: 32 random bytes, base64url (43 characters, what the registration's schema expects). */
export function newChallenge(): string {
  return randomBytes(32).toString('base64url')
}

export type ChallengeStoreOptions = {
  now: () => number
  ttlMs?: number
  perClient?: number
  maxEntries?: number
}

/**
 * One-time challenges, each written into one verify frame page and good for one registration by the
 * client that page was served to, within its TTL. Held in memory: they live seconds, and a restart only
 * makes the messages in flight UNKNOWN. Several api processes behind one name share theirs in Redis
 * instead (RedisChallengeStore), since a frame's load and its registration may reach different ones.
 */
export class ChallengeStore implements Challenges {
  readonly #records: MemoryCappedRecords<Entry>
  readonly #now: () => number
  readonly #ttlMs: number

  constructor(options: ChallengeStoreOptions) {
    this.#now = options.now
    this.#ttlMs = options.ttlMs ?? DEFAULT_CHALLENGE_TTL_MS
    this.#records = new MemoryCappedRecords({
      perClient: options.perClient ?? DEFAULT_CHALLENGES_PER_CLIENT,
      maxEntries: options.maxEntries ?? DEFAULT_MAX_CHALLENGES,
    })
  }

  issue(claim: ChallengeClaim, client: string): string {
    this.#records.dropExpired(this.#now())
    const challenge = newChallenge()
    this.#records.add(challenge, { ...claim, client, expiresAt: this.#now() + this.#ttlMs })
    return challenge
  }

  /**
   * The claim of `challenge`, spent, when it is open, fresh and was served to `client`; else nothing. A
   * challenge named by another client stays open for its own.
   */
  take(challenge: string, client: string): ChallengeClaim | undefined {
    const entry = this.#records.get(challenge)
    if (entry === undefined || entry.client !== client) return undefined
    this.#records.delete(challenge)
    return entry.expiresAt > this.#now() ? { origin: entry.origin, verified: entry.verified } : undefined
  }
}
