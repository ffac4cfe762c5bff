import { chmodSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { base64urlToBytes, bytesToBase64url, type P256PublicJwk } from '@pairwise/crypto'
import { z } from 'zod'
import type { ApiLogger } from '../http/types.js'
import { generateP256SecretKey, p256PublicJwk } from './es256Sign.js'

/** How long a signing key is published and used before a new one replaces it. */
export const DEFAULT_KEY_LIFETIME_SECONDS = 7 * 24 * 3600

export type AttestationKeyOptions = {
  /**
   * Where the signing key is kept (a private JWK with `expiresAt`, mode 0600), so attestations handed out
   * stay checkable across restarts. Created when missing; a file others may read is refused. Without it
   * the key lives in memory and a restart makes a new one.
   */
  keyFile?: string
  /** The lifetime of each new key; one already made keeps the `expiresAt` it was published with. */
  keyLifetimeSeconds?: number
  now: () => number
  logger: ApiLogger
}

export type AttestationKey = { secretKey: Uint8Array; publicKey: P256PublicJwk; expiresAt: number }

const keyFileSchema = z.object({
  kty: z.literal('EC'),
  crv: z.literal('P-256'),
  d: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be a 32-byte base64url scalar'),
  expiresAt: z.int().positive(),
})

function readKeyFile(path: string): AttestationKey {
  // As ssh does with its keys: a signing key others can read is not a secret any more.
  if ((statSync(path).mode & 0o077) !== 0) throw new Error(`${path}: readable by others; chmod 600 it`)
  const parsed = keyFileSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')))
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
 */
export class AttestationKeys {
  readonly #options: AttestationKeyOptions
  #key: AttestationKey

  constructor(options: AttestationKeyOptions) {
    this.#options = options
    const { keyFile } = options
    this.#key = keyFile === undefined || fileMissing(keyFile) ? this.#fresh() : readKeyFile(keyFile)
    if (keyFile !== undefined && fileMissing(keyFile)) writeKeyFile(keyFile, this.#key)
  }

  /** The key to sign and publish with now: a new one once the current one has expired. */
  current(): AttestationKey {
    if (this.#key.expiresAt * 1000 <= this.#options.now()) {
      this.#key = this.#fresh()
      if (this.#options.keyFile !== undefined) writeKeyFile(this.#options.keyFile, this.#key)
      this.#options.logger.info('verify signing key rotated', { expiresAt: this.#key.expiresAt })
    }
    return this.#key
  }

  #fresh(): AttestationKey {
    const secretKey = generateP256SecretKey()
    const lifetime = this.#options.keyLifetimeSeconds ?? DEFAULT_KEY_LIFETIME_SECONDS
    const expiresAt = Math.floor(this.#options.now() / 1000) + lifetime
    return { secretKey, publicKey: p256PublicJwk(secretKey), expiresAt }
  }
}
