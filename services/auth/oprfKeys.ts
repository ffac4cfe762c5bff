import { ristretto255, ristretto255_oprf } from '@noble/curves/ed25519.js'
import { base64urlToBytes } from '@pairwise/crypto'
import type { Database } from '../api/db/index.js'
import { ApiError } from '../api/http/apiError.js'
import type { KekBox } from './kekBox.js'

const { oprf } = ristretto255_oprf
const aadOf = (userId: string) => `pairwise/oprf-key/v1|${userId}`

/** A blinded element as sent: a canonical ristretto255 encoding other than the identity, or a 400. */
export function oprfElement(text: string): Uint8Array {
  try {
    const bytes = base64urlToBytes(text)
    if (ristretto255.Point.fromBytes(bytes).is0()) throw new Error('identity')
    return bytes
  } catch {
    throw new ApiError(400, 'INVALID_REQUEST', 'blinded: not a ristretto255 element')
  }
}

/**
 * Each user's key of the recovery OPRF (RFC 9497, ristretto255-SHA512, base mode): made on the user's
 * first evaluation, sealed under the KEK in the database. The frame's recovery key is derived from
 * F(key, passphrase), so a recovery blob can only be tried against a guess through `evaluate`, which the
 * routes count and throttle; the server never sees the passphrase or the output.
 */
export class OprfKeys {
  constructor(
    private readonly db: Database,
    private readonly box: KekBox,
  ) {}

  /** The user's key applied to `blinded` (checked with oprfElement). */
  async evaluate(userId: string, blinded: Uint8Array, now: number): Promise<Uint8Array> {
    const secretKey = await this.#secretKey(userId, now)
    try {
      return oprf.blindEvaluate(secretKey, blinded)
    } finally {
      secretKey.fill(0)
    }
  }

  async #secretKey(userId: string, now: number): Promise<Uint8Array> {
    const row = (await this.#stored(userId)) ?? (await this.#make(userId, now))
    return this.box.open(aadOf(userId), { iv: row.key_iv, ct: row.key_ct })
  }

  #stored(userId: string) {
    return this.db.get<{ key_iv: string; key_ct: string }>(
      'SELECT key_iv, key_ct FROM auth_oprf_keys WHERE user_id = ?',
      [userId],
    )
  }

  async #make(userId: string, now: number) {
    const made = oprf.generateKeyPair().secretKey
    const sealed = this.box.seal(aadOf(userId), made)
    made.fill(0)
    // Two first evaluations at once both insert; the one row that wins is the key both use.
    await this.db.run(
      `INSERT INTO auth_oprf_keys (user_id, key_iv, key_ct, created_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (user_id) DO NOTHING`,
      [userId, sealed.iv, sealed.ct, now],
    )
    const row = await this.#stored(userId)
    if (!row) throw new Error('the OPRF key row vanished after its insert')
    return row
  }
}
