import { chmodSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { base64urlToBytes, bytesToBase64url, type P256PublicJwk } from '@pairwise/crypto'
import { z } from 'zod'
import { readSecretFile } from '../../kit/index.js'
import type { Database } from '../db/index.js'
import type { ApiLogger } from '../http/types.js'
import { generateP256SecretKey, p256PublicJwk } from './es256Sign.js'

/** How long a signing key is published and used before a new one replaces it. */
export const DEFAULT_KEY_LIFETIME_SECONDS = 7 * 24 * 3600

export type AttestationKeyOptions = {
  /**
   * Where the signing key is kept (a private JWK with `expiresAt`, mode 0600), for one process; created
   * when missing; a file others may read is refused. Without it the key is kept in the api's database,
   * one for every process.
   */
  keyFile?: string
  /** The lifetime of each new key; one already made keeps the `expiresAt` it was published with. */
  keyLifetimeSeconds?: number
  now: () => number
  logger: ApiLogger
}

export type AttestationKey = { secretKey: Uint8Array; publicKey: P256PublicJwk; expiresAt: number }

/** The key to sign and publish with now: a new one once the current one has expired. */
export type SigningKeys = { current(): Promise<AttestationKey> }

const keyFileSchema = z.object({
  kty: z.literal('EC'),
  crv: z.literal('P-256'),
  d: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be a 32-byte base64url scalar'),
  expiresAt: z.int().positive(),
})

function readKeyFile(path: string): AttestationKey {
  const parsed = keyFileSchema.safeParse(JSON.parse(readSecretFile(path)))
  if (!parsed.success) throw new Error(`${path}: not a P-256 private JWK with expiresAt`)
  const secretKey = base64urlToBytes(parsed.data.d)
  return { secretKey, publicKey: p256PublicJwk(secretKey), expiresAt: parsed.data.expiresAt }
}

function writeKeyFile(path: string, key: AttestationKey): void {
  const jwk = { ...key.publicKey, d: bytesToBase64url(key.secretKey), expiresAt: key.expiresAt }
  const temporary = `${path}.${process.pid}.tmp`
  writeFileSync(temporary, `${JSON.stringify(jwk)}\n`, { mode: 0o600 })
  // `mode` applies only when the file is created; a leftover from a crash keeps its own.
  chmodSync(temporary, 0o600)
  renameSync(temporary, path)
}

const fileMissing = (path: string) => {
  try {
    statSync(path)
    return false
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT'
  }
}

/**
 * The verify service's ES256 signing key. Published with its `expiresAt` (clients keep it until then), used
 * until then, and replaced only then: a client holding the published key can check every attestation
 * signed while it was current, and attestations never outlive the key that signed them (the routes cap
 * their `exp` at the key's `expiresAt`).
 *
 * This one lives in a key file, for one process: several processes share `DatabaseAttestationKeys`.
 */
export class FileAttestationKeys implements SigningKeys {
  readonly #options: AttestationKeyOptions & { keyFile: string }
  #key: AttestationKey

  constructor(options: AttestationKeyOptions & { keyFile: string }) {
    this.#options = options
    const { keyFile } = options
    this.#key = fileMissing(keyFile) ? freshKey(options) : readKeyFile(keyFile)
    if (fileMissing(keyFile)) writeKeyFile(keyFile, this.#key)
  }

  async current(): Promise<AttestationKey> {
    if (this.#key.expiresAt * 1000 <= this.#options.now()) {
      this.#key = freshKey(this.#options)
      writeKeyFile(this.#options.keyFile, this.#key)
      this.#options.logger.info('verify signing key rotated', { expiresAt: this.#key.expiresAt })
    }
    return this.#key
  }
}

function freshKey(options: Pick<AttestationKeyOptions, 'keyLifetimeSeconds' | 'now'>): AttestationKey {
  const secretKey = generateP256SecretKey()
  const lifetime = options.keyLifetimeSeconds ?? DEFAULT_KEY_LIFETIME_SECONDS
  const expiresAt = Math.floor(options.now() / 1000) + lifetime
  return { secretKey, publicKey: p256PublicJwk(secretKey), expiresAt }
}

type KeyRow = { generation: number | string; secret_key: string; expires_at: number | string }

/**
 * The signing key in the api's database (`verify_keys`, see migrations.ts): every process of a deployment
 * signs with and publishes the same key, and one new generation replaces it when it expires, whichever
 * process sees that first. A process holds the key it read until it expires, so the database is read once
 * per key lifetime, not per request.
 */
export class DatabaseAttestationKeys implements SigningKeys {
  #held: (AttestationKey & { generation: number }) | undefined
  #reading: Promise<AttestationKey & { generation: number }> | undefined

  constructor(private readonly options: Omit<AttestationKeyOptions, 'keyFile'> & { db: Database }) {}

  async current(): Promise<AttestationKey> {
    const held = this.#held
    if (held && held.expiresAt * 1000 > this.options.now()) return held
    // Requests arriving while the key is read or made wait for that one read.
    this.#reading ??= this.#read().finally(() => {
      this.#reading = undefined
    })
    this.#held = await this.#reading
    return this.#held
  }

  async #read(): Promise<AttestationKey & { generation: number }> {
    const newest = await this.#newest()
    if (newest && newest.expiresAt * 1000 > this.options.now()) return newest
    const next = freshKey(this.options)
    const generation = (newest?.generation ?? 0) + 1
    const inserted = await this.options.db.run(
      'INSERT INTO verify_keys (generation, secret_key, expires_at) VALUES (?, ?, ?) ON CONFLICT (generation) DO NOTHING',
      [generation, bytesToBase64url(next.secretKey), next.expiresAt],
    )
    if (inserted > 0)
      this.options.logger.info('verify signing key rotated', { generation, expiresAt: next.expiresAt })
    const made = await this.#newest()
    if (!made) throw new Error('verify_keys: no key after inserting one')
    return made
  }

  async #newest(): Promise<(AttestationKey & { generation: number }) | undefined> {
    const row = await this.options.db.get<KeyRow>(
      'SELECT generation, secret_key, expires_at FROM verify_keys ORDER BY generation DESC LIMIT 1',
    )
    if (!row) return undefined
    const secretKey = base64urlToBytes(row.secret_key)
    return {
      generation: Number(row.generation),
      secretKey,
      publicKey: p256PublicJwk(secretKey),
      expiresAt: Number(row.expires_at),
    }
  }
}
