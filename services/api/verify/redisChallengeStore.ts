import type { Redis } from 'ioredis'
import { RedisCappedRecords } from '../../sharedState/index.js'
import {
  type ChallengeClaim,
  type ChallengeStoreOptions,
  type Challenges,
  DEFAULT_CHALLENGE_TTL_MS,
  DEFAULT_CHALLENGES_PER_CLIENT,
  DEFAULT_MAX_CHALLENGES,
  newChallenge,
} from './challengeStore.js'

/**
 * The open challenges of every api process using one Redis, with ChallengeStore's TTL and caps: a frame
 * page served by one process registers through another.
 */
export class RedisChallengeStore implements Challenges {
  readonly #records: RedisCappedRecords

  /** `prefix` namespaces the keys (the deployment's prefix). */
  constructor(redis: Redis, prefix: string, options: ChallengeStoreOptions) {
    this.#records = new RedisCappedRecords(redis, `${prefix}verify-challenges:`, {
      now: options.now,
      ttlMs: options.ttlMs ?? DEFAULT_CHALLENGE_TTL_MS,
      perClient: options.perClient ?? DEFAULT_CHALLENGES_PER_CLIENT,
      maxEntries: options.maxEntries ?? DEFAULT_MAX_CHALLENGES,
    })
  }

  async issue(claim: ChallengeClaim, client: string): Promise<string> {
    const challenge = newChallenge()
    await this.#records.add(challenge, client, { origin: claim.origin, verified: claim.verified ? '1' : '0' })
    return challenge
  }

  async take(challenge: string, client: string): Promise<ChallengeClaim | undefined> {
    const record = await this.#records.take(challenge, client)
    return record?.origin === undefined
      ? undefined
      : { origin: record.origin, verified: record.verified === '1' }
  }
}
