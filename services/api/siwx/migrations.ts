import type { Migrations } from '../db/index.js'

/**
 * The sign-in tables. `siwx_nonces` held each issued nonce until it expired (`used_at` set once, by the
 * sign-in that consumed it), until step 4. `siwx_holders` are the cookie or bearer holders, by the SHA-256 of their
 * opaque id. `siwx_sessions` keeps one verified sign-in per holder, project, chain and address, with the
 * exact message and signature so GET answers what was verified.
 *
 * Step 2 records which client (`clientBudgetKey`: project and IP, IPv6 by its /64) asked for each nonce,
 * so one client holds at most its share of a project's outstanding nonces; older rows have none.
 *
 * Step 3 records the same of each holder made, so one client keeps at most its cap of live holders;
 * holders made before it have none and count against no client.
 *
 * Step 4 makes nonces stateless: each is signed (./signedNonce.ts) with the one secret in `siwx_secret`, and
 * only a used one is stored, in `siwx_used_nonces` until its expiry, so its unique key lets exactly one
 * sign-in have it. `siwx_nonces` is left in place: processes of the previous release keep issuing into it
 * while a rolling deploy replaces them, and this one consumes what they issued (./nonceStore.ts), so
 * dropping it would fail their sign-ins.
 */
export const siwxMigrations: Migrations = {
  module: 'siwx',
  steps: [
    [
      `CREATE TABLE siwx_nonces (
        nonce TEXT PRIMARY KEY,
        project_id TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL,
        used_at BIGINT
      )`,
      'CREATE INDEX siwx_nonces_project ON siwx_nonces (project_id, expires_at)',
      'CREATE INDEX siwx_nonces_expiry ON siwx_nonces (expires_at)',
      `CREATE TABLE siwx_holders (
        id_hash TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL
      )`,
      'CREATE INDEX siwx_holders_expiry ON siwx_holders (expires_at)',
      `CREATE TABLE siwx_sessions (
        holder TEXT NOT NULL,
        project_id TEXT NOT NULL,
        chain_id TEXT NOT NULL,
        address TEXT NOT NULL,
        data TEXT NOT NULL,
        message TEXT NOT NULL,
        signature TEXT NOT NULL,
        cacao TEXT,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL,
        PRIMARY KEY (holder, project_id, chain_id, address)
      )`,
      'CREATE INDEX siwx_sessions_expiry ON siwx_sessions (expires_at)',
    ],
    [
      'ALTER TABLE siwx_nonces ADD COLUMN client_key TEXT',
      'CREATE INDEX siwx_nonces_client ON siwx_nonces (client_key, created_at)',
    ],
    [
      'ALTER TABLE siwx_holders ADD COLUMN client_key TEXT',
      'CREATE INDEX siwx_holders_client ON siwx_holders (client_key, expires_at)',
    ],
    [
      'CREATE TABLE siwx_secret (name TEXT PRIMARY KEY, secret TEXT NOT NULL)',
      'CREATE TABLE siwx_used_nonces (nonce TEXT PRIMARY KEY, expires_at BIGINT NOT NULL)',
      'CREATE INDEX siwx_used_nonces_expiry ON siwx_used_nonces (expires_at)',
    ],
  ],
}
