import type { Migrations } from '../db/index.js'

/**
 * The names tables. `names` holds each registered full name (normalised) with the one address it points
 * to, the coin type it was registered for, and `address_key` (the lower-case address) unique: one name
 * per address. `names_used_messages` remembers each accepted (address, timestamp) until it is too old
 * to be accepted again anyway. `project_id` (the second step) is the project a name was registered
 * through, counted for the per-project cap; names from before it have none. `client_key` (the third step)
 * is the client that registered it (`clientBudgetKey`: project and IP, IPv6 by its /64), counted for the
 * per-client cap; names from before it count against no client.
 */
export const namesMigrations: Migrations = {
  module: 'names',
  steps: [
    [
      `CREATE TABLE names (
        name TEXT PRIMARY KEY,
        address TEXT NOT NULL,
        address_key TEXT NOT NULL UNIQUE,
        coin_type BIGINT NOT NULL,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL
      )`,
      `CREATE TABLE names_used_messages (
        address_key TEXT NOT NULL,
        timestamp BIGINT NOT NULL,
        used_at BIGINT NOT NULL,
        PRIMARY KEY (address_key, timestamp)
      )`,
      'CREATE INDEX names_used_messages_age ON names_used_messages (used_at)',
    ],
    ['ALTER TABLE names ADD COLUMN project_id TEXT', 'CREATE INDEX names_project ON names (project_id)'],
    ['ALTER TABLE names ADD COLUMN client_key TEXT', 'CREATE INDEX names_client ON names (client_key)'],
  ],
}
