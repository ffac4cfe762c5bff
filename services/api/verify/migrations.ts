import type { Migrations } from '../db/index.js'

/**
 * The verify service's ES256 signing keys, one row per generation, so every api process signs with and
 * publishes the same key and rotates it once: the first process to see a key expire inserts the next
 * generation, and the others' inserts of that generation do nothing.
 */
export const verifyMigrations: Migrations = {
  module: 'verify',
  steps: [
    [
      `CREATE TABLE verify_keys (
        generation BIGINT PRIMARY KEY,
        secret_key TEXT NOT NULL,
        expires_at BIGINT NOT NULL
      )`,
    ],
  ],
}
