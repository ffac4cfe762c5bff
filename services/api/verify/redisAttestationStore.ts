import type { Redis } from 'ioredis'
import { RedisCappedRecords } from '../../sharedState/index.js'
import {
  type AttestationStoreOptions,
  type Attestations,
  DEFAULT_ATTESTATION_TTL_MS,
  DEFAULT_ATTESTATIONS_PER_CLIENT,
  DEFAULT_MAX_ATTESTATIONS,
} from './attestationStore.js'

/**
 * The registrations of every api process using one Redis, with AttestationStore's TTL, caps and disputes:
 * a `POST /attestation` on one process is found by a `GET /attestation/:hash` on another.
 */
export class RedisAttestationStore implements Attestations {
  readonly #records: RedisCappedRecords

  /** `prefix` namespaces the keys (the deployment's prefix). */
  constructor(redis: Redis, prefix: string, options: AttestationStoreOptions) {
    this.#records = new RedisCappedRecords(redis, `${prefix}verify-attestations:`, {
      now: options.now,
      ttlMs: options.ttlMs ?? DEFAULT_ATTESTATION_TTL_MS,
      perClient: options.perClient ?? DEFAULT_ATTESTATIONS_PER_CLIENT,
      maxEntries: options.maxEntries ?? DEFAULT_MAX_ATTESTATIONS,
    })
  }

  async register(hash: string, origin: string, client: string): Promise<void> {
    await this.#records.add(hash, client, { origin }, 'origin')
  }

  async originOf(hash: string): Promise<string | undefined> {
    const record = await this.#records.get(hash)
    return record === undefined || record.disputed === '1' ? undefined : record.origin
  }
}
