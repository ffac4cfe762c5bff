import type { Migrations } from '../api/db/index.js'

/**
 * The auth tables (module 'auth' in schema_versions).
 * - auth_users: one per email (lower-cased); ids are UUIDs.
 * - auth_devices: the devices approved for a user, with their public keys (the id is the signing key's hash).
 * - auth_attempts: every mailed code (login, re-auth, both email-change steps): only its HMAC, its tries
 *   left, expiry and use; a login attempt also keeps the device's keys and, when the device needs
 *   approval, the approval link's SHA-256 until it is used.
 * - auth_sends / auth_failures / auth_locks: the send log (throttle and caps), failed code checks and
 *   temporary lockouts, each pruned past its window.
 * - auth_sessions: by the SHA-256 of the token, bound to a device.
 * - auth_wallets: one per user; the auth share AES-256-GCM under the KEK, the recovery blob as sent.
 * - auth_email_changes: a change request and its two attempts.
 *
 * Step 2, recovery through the server (research §2.2, issue 31 finding 3):
 * - auth_wallets.recovery: the blob is now sealed under a key only an OPRF evaluation by this server
 *   derives; `recovery_proof` keeps the SHA-256 of the proof the right passphrase derives. Blobs written
 *   before (PBKDF2 only, guessable offline by whoever read them) are dropped, not migrated: the server
 *   cannot re-seal them without the passphrase. Such a wallet is refused recovery (409
 *   RECOVERY_UNAVAILABLE) and keeps working on the browsers that hold its share.
 * - auth_wallet_devices: the devices that hold a share of the user's wallet (the one that made it, and
 *   each that proved the passphrase); only they get the auth share. Devices approved before this step,
 *   of users with a wallet, are taken as holders.
 * - auth_oprf_keys: each user's OPRF key, AES-256-GCM under the KEK.
 * - auth_recovery_failures / auth_recovery_locks / auth_recovery_evaluations: unproven guesses per user,
 *   pauses with their doubling level, evaluations per client IP.
 *
 * Step 3, social login (issue 35, research §4):
 * - auth_users.email may be NULL: a user made by a social login has none of its own, because an account
 *   is never merged by email alone (a provider's email claim is not a proof of the mailbox the email
 *   login checks). SQLite cannot drop NOT NULL, so the table is rebuilt.
 * - auth_identities: one per (provider, subject), pointing at its user; the provider's email is kept
 *   with whether it was verified, and the name (Apple sends it on the first login only).
 * - auth_social_attempts: one per redirect to a provider: the state's SHA-256, the nonce and PKCE
 *   verifier, bound to the device and host origin that asked; after the callback, the ticket's SHA-256
 *   (60 s, single use) and the user it logs in.
 *
 * Step 4, redirect-mode social login (SOC-04): auth_social_attempts.return_path, the host page (a path
 * on the attempt's host origin) the callback sends the browser back to when no window opened it.
 *
 * Step 5, Sign In With Farcaster (SOC-05): auth_farcaster_channels, one per relay channel: the SHA-256
 * of its token, its nonce, the SIWE domain and URI it asks for and the URL a Farcaster app opens, the client IP that opened it (its
 * cap), what the Farcaster client posted once it completed, and for a login the project, host origin
 * and device it is bound to, with when that login used it up.
 *
 * Step 6, the relay a service of its own (SOC-05): auth is a client of a Farcaster relay (Farcaster's, or
 * the stack's), so it keeps only its logins: auth_farcaster_logins, one per login's channel: the SHA-256
 * of the channel token, the nonce auth asked for, the client IP and device (their caps), the project and
 * host origin, and when the login used it up. The relay's table, auth_farcaster_channels, goes (its
 * channels lived 10 minutes: none is worth keeping).
 *
 * Step 7, mails reserved before they are sent: auth_sends.id names a reservation, so a mail the mailer
 * could not send gives its place back (rows logged before have none and are never given back).
 *
 * Step 8, a dropped device's hold on the wallet goes with it: the holds of devices dropped past the
 * devices cap before the cap took them too are deleted, so such a device back proves the passphrase.
 */
export const authMigrations: Migrations = {
  module: 'auth',
  steps: [
    [
      `CREATE TABLE auth_users (
        id TEXT PRIMARY KEY,
        email TEXT NOT NULL UNIQUE,
        created_at BIGINT NOT NULL
      )`,
      `CREATE TABLE auth_devices (
        user_id TEXT NOT NULL,
        device_id TEXT NOT NULL,
        signing_key TEXT NOT NULL,
        agreement_key TEXT NOT NULL,
        approved_at BIGINT NOT NULL,
        last_used_at BIGINT NOT NULL,
        PRIMARY KEY (user_id, device_id)
      )`,
      `CREATE TABLE auth_attempts (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        project_id TEXT NOT NULL,
        host_origin TEXT NOT NULL,
        email TEXT NOT NULL,
        user_id TEXT,
        device_id TEXT NOT NULL,
        signing_key TEXT NOT NULL,
        agreement_key TEXT NOT NULL,
        ip TEXT NOT NULL,
        code_hash TEXT,
        code_expires_at BIGINT,
        tries_left INTEGER NOT NULL,
        used_at BIGINT,
        approval_hash TEXT UNIQUE,
        approval_expires_at BIGINT,
        approved_at BIGINT,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL
      )`,
      'CREATE INDEX auth_attempts_email ON auth_attempts (email, kind)',
      'CREATE INDEX auth_attempts_expiry ON auth_attempts (expires_at)',
      `CREATE TABLE auth_sends (
        email TEXT NOT NULL,
        device_id TEXT NOT NULL,
        ip TEXT NOT NULL,
        at BIGINT NOT NULL
      )`,
      'CREATE INDEX auth_sends_email ON auth_sends (email, at)',
      'CREATE INDEX auth_sends_device ON auth_sends (device_id, at)',
      'CREATE INDEX auth_sends_ip ON auth_sends (ip, at)',
      'CREATE TABLE auth_failures (email TEXT NOT NULL, at BIGINT NOT NULL)',
      'CREATE INDEX auth_failures_email ON auth_failures (email, at)',
      'CREATE TABLE auth_locks (email TEXT PRIMARY KEY, until BIGINT NOT NULL)',
      `CREATE TABLE auth_sessions (
        token_hash TEXT PRIMARY KEY,
        user_id TEXT NOT NULL,
        device_id TEXT NOT NULL,
        project_id TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        last_seen_at BIGINT NOT NULL,
        fresh_until BIGINT NOT NULL
      )`,
      'CREATE INDEX auth_sessions_user ON auth_sessions (user_id, last_seen_at)',
      `CREATE TABLE auth_wallets (
        user_id TEXT PRIMARY KEY,
        wallet_id TEXT NOT NULL UNIQUE,
        address TEXT NOT NULL,
        version INTEGER NOT NULL,
        share_iv TEXT NOT NULL,
        share_ct TEXT NOT NULL,
        recovery TEXT NOT NULL,
        created_at BIGINT NOT NULL
      )`,
      `CREATE TABLE auth_email_changes (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL,
        new_email TEXT NOT NULL,
        primary_attempt TEXT,
        secondary_attempt TEXT,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL
      )`,
    ],
    [
      'ALTER TABLE auth_wallets DROP COLUMN recovery',
      'ALTER TABLE auth_wallets ADD COLUMN recovery TEXT',
      'ALTER TABLE auth_wallets ADD COLUMN recovery_proof TEXT',
      `CREATE TABLE auth_wallet_devices (
        user_id TEXT NOT NULL,
        device_id TEXT NOT NULL,
        since BIGINT NOT NULL,
        PRIMARY KEY (user_id, device_id)
      )`,
      `INSERT INTO auth_wallet_devices (user_id, device_id, since)
        SELECT d.user_id, d.device_id, d.approved_at FROM auth_devices d
        JOIN auth_wallets w ON w.user_id = d.user_id`,
      `CREATE TABLE auth_oprf_keys (
        user_id TEXT PRIMARY KEY,
        key_iv TEXT NOT NULL,
        key_ct TEXT NOT NULL,
        created_at BIGINT NOT NULL
      )`,
      'CREATE TABLE auth_recovery_failures (user_id TEXT NOT NULL, at BIGINT NOT NULL)',
      'CREATE INDEX auth_recovery_failures_user ON auth_recovery_failures (user_id, at)',
      `CREATE TABLE auth_recovery_locks (
        user_id TEXT PRIMARY KEY,
        until BIGINT NOT NULL,
        level INTEGER NOT NULL
      )`,
      'CREATE TABLE auth_recovery_evaluations (ip TEXT NOT NULL, at BIGINT NOT NULL)',
      'CREATE INDEX auth_recovery_evaluations_ip ON auth_recovery_evaluations (ip, at)',
    ],
    [
      `CREATE TABLE auth_users_next (
        id TEXT PRIMARY KEY,
        email TEXT UNIQUE,
        created_at BIGINT NOT NULL
      )`,
      'INSERT INTO auth_users_next (id, email, created_at) SELECT id, email, created_at FROM auth_users',
      'DROP TABLE auth_users',
      'ALTER TABLE auth_users_next RENAME TO auth_users',
      `CREATE TABLE auth_identities (
        provider TEXT NOT NULL,
        subject TEXT NOT NULL,
        user_id TEXT NOT NULL,
        email TEXT,
        email_verified INTEGER NOT NULL,
        name TEXT,
        created_at BIGINT NOT NULL,
        last_login_at BIGINT NOT NULL,
        PRIMARY KEY (provider, subject)
      )`,
      'CREATE INDEX auth_identities_user ON auth_identities (user_id)',
      `CREATE TABLE auth_social_attempts (
        id TEXT PRIMARY KEY,
        state_hash TEXT NOT NULL UNIQUE,
        provider TEXT NOT NULL,
        project_id TEXT NOT NULL,
        host_origin TEXT NOT NULL,
        device_id TEXT NOT NULL,
        signing_key TEXT NOT NULL,
        agreement_key TEXT NOT NULL,
        ip TEXT NOT NULL,
        nonce TEXT NOT NULL,
        code_verifier TEXT NOT NULL,
        callback_at BIGINT,
        ticket_hash TEXT UNIQUE,
        ticket_expires_at BIGINT,
        user_id TEXT,
        redeemed_at BIGINT,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL
      )`,
      'CREATE INDEX auth_social_attempts_device ON auth_social_attempts (device_id, expires_at)',
      'CREATE INDEX auth_social_attempts_ip ON auth_social_attempts (ip, expires_at)',
      'CREATE INDEX auth_social_attempts_expiry ON auth_social_attempts (expires_at)',
    ],
    ['ALTER TABLE auth_social_attempts ADD COLUMN return_path TEXT'],
    [
      `CREATE TABLE auth_farcaster_channels (
        token_hash TEXT PRIMARY KEY,
        nonce TEXT NOT NULL,
        domain TEXT NOT NULL,
        siwe_uri TEXT NOT NULL,
        url TEXT NOT NULL,
        ip TEXT NOT NULL,
        project_id TEXT,
        host_origin TEXT,
        device_id TEXT,
        signing_key TEXT,
        agreement_key TEXT,
        completed_at BIGINT,
        message TEXT,
        signature TEXT,
        fid TEXT,
        username TEXT,
        display_name TEXT,
        bio TEXT,
        pfp_url TEXT,
        custody TEXT,
        used_at BIGINT,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL
      )`,
      'CREATE INDEX auth_farcaster_channels_ip ON auth_farcaster_channels (ip, expires_at)',
      'CREATE INDEX auth_farcaster_channels_device ON auth_farcaster_channels (device_id, expires_at)',
      'CREATE INDEX auth_farcaster_channels_expiry ON auth_farcaster_channels (expires_at)',
    ],
    [
      'DROP TABLE auth_farcaster_channels',
      `CREATE TABLE auth_farcaster_logins (
        token_hash TEXT PRIMARY KEY,
        nonce TEXT NOT NULL,
        ip TEXT NOT NULL,
        project_id TEXT NOT NULL,
        host_origin TEXT NOT NULL,
        device_id TEXT NOT NULL,
        signing_key TEXT NOT NULL,
        agreement_key TEXT NOT NULL,
        used_at BIGINT,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL
      )`,
      'CREATE INDEX auth_farcaster_logins_ip ON auth_farcaster_logins (ip, expires_at)',
      'CREATE INDEX auth_farcaster_logins_device ON auth_farcaster_logins (device_id, expires_at)',
      'CREATE INDEX auth_farcaster_logins_expiry ON auth_farcaster_logins (expires_at)',
    ],
    ['ALTER TABLE auth_sends ADD COLUMN id TEXT', 'CREATE INDEX auth_sends_id ON auth_sends (id)'],
    [
      `DELETE FROM auth_wallet_devices WHERE NOT EXISTS (
        SELECT 1 FROM auth_devices d
        WHERE d.user_id = auth_wallet_devices.user_id AND d.device_id = auth_wallet_devices.device_id
      )`,
    ],
  ],
}
