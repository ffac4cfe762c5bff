import type { Migrations } from '../api/db/index.js'

/**
 * The relay's tables. Step 1: farcaster_relay_channels, one per channel: the SHA-256 of its token, the
 * nonce, SIWE domain and URI it asks for and the URL a Farcaster app opens, the client IP that opened it
 * (its cap), and what the Farcaster app posted once it completed it.
 */
export const relayMigrations: Migrations = {
  module: 'farcasterRelay',
  steps: [
    [
      `CREATE TABLE farcaster_relay_channels (
        token_hash TEXT PRIMARY KEY,
        nonce TEXT NOT NULL,
        domain TEXT NOT NULL,
        siwe_uri TEXT NOT NULL,
        url TEXT NOT NULL,
        ip TEXT NOT NULL,
        completed_at BIGINT,
        message TEXT,
        signature TEXT,
        fid TEXT,
        username TEXT,
        display_name TEXT,
        bio TEXT,
        pfp_url TEXT,
        custody TEXT,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL
      )`,
      'CREATE INDEX farcaster_relay_channels_ip ON farcaster_relay_channels (ip, expires_at)',
      'CREATE INDEX farcaster_relay_channels_expiry ON farcaster_relay_channels (expires_at)',
    ],
  ],
}
