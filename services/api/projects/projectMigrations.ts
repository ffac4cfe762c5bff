import type { Migrations } from '../db/index.js'

/** Origins and features are JSON text: read back through zod, never queried into. */
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
  ],
}
