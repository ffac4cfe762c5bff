import type { Migrations } from '../db/index.js'

/** Origins, features and smart account networks are JSON text: read back through zod, never queried into. */
export const projectMigrations: Migrations = {
  module: 'projects',
  steps: [
    [
      `CREATE TABLE projects (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        allowed_origins TEXT NOT NULL,
        basic INTEGER NOT NULL,
        features TEXT NOT NULL,
        rate_limit_per_minute INTEGER NOT NULL,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL
      )`,
    ],
    // Projects from before smart accounts have them off until the operator lists their chains.
    [`ALTER TABLE projects ADD COLUMN smart_account_networks TEXT NOT NULL DEFAULT '[]'`],
  ],
}
