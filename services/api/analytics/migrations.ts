import type { Migrations } from '../db/index.js'

/**
 * The analytics tables. `analytics_events` keeps one row per stored event with only what the stats and
 * charts read: its project, UTC day, kind (view, connect, error or other) and a connection's wallet name;
 * no IP address, no user agent, no path, name, time or properties. `analytics_days` counts per project and
 * UTC day what was stored and what the daily cap dropped, so the cap is enforced without counting rows.
 */
export const analyticsMigrations: Migrations = {
  module: 'analytics',
  steps: [
    [
      `CREATE TABLE analytics_events (
        id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL,
        day INTEGER NOT NULL,
        at BIGINT NOT NULL,
        type TEXT NOT NULL,
        kind TEXT NOT NULL,
        name TEXT NOT NULL,
        path TEXT NOT NULL,
        label TEXT,
        properties TEXT NOT NULL,
        browser TEXT NOT NULL,
        device TEXT NOT NULL
      )`,
      'CREATE INDEX analytics_events_project_day ON analytics_events (project_id, day, kind)',
      `CREATE TABLE analytics_days (
        project_id TEXT NOT NULL,
        day INTEGER NOT NULL,
        stored INTEGER NOT NULL,
        dropped INTEGER NOT NULL,
        PRIMARY KEY (project_id, day)
      )`,
    ],
    // Version 1 also kept what no route reads; its rows lose it (one column at a time: SQLite drops one
    // per statement).
    ['at', 'type', 'name', 'path', 'properties', 'browser', 'device'].map(
      (column) => `ALTER TABLE analytics_events DROP COLUMN ${column}`,
    ),
  ],
}
