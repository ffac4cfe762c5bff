import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

/** Bytes as stored: AES-256-GCM under the KEK, the tag at the end of `ct`. */
export type StoredSecret = { iv: string; ct: string }

const TAG_BYTES = 16

/**
 * AES-256-GCM under the key-encryption key kept outside the database (config or env): a copy of the
 * database alone reads none of what it seals. The AAD names what a row holds and whose it is, so a
 * sealed value moved to another row (or another kind of row) does not open.
 */
export class KekBox {
  readonly #kek: Buffer

  constructor(kek: Uint8Array) {
    if (kek.length !== 32) throw new Error('the auth KEK must be 32 bytes')
    this.#kek = Buffer.from(kek)
  }

  seal(aad: string, bytes: Uint8Array): StoredSecret {
    const iv = randomBytes(12)
    const cipher = createCipheriv('aes-256-gcm', this.#kek, iv)
    cipher.setAAD(Buffer.from(aad))
    const ct = Buffer.concat([cipher.update(bytes), cipher.final(), cipher.getAuthTag()])
    return { iv: iv.toString('base64url'), ct: ct.toString('base64url') }
  }

  /** The bytes; throws when the row was changed, moved or sealed under another KEK. */
  open(aad: string, stored: StoredSecret): Uint8Array {
    const ct = Buffer.from(stored.ct, 'base64url')
    // Node's GCM takes any tag of 4 to 16 bytes by default: a row cut down to a 4-byte tag would be forged
    // by trial in 2^32 opens, so the length every seal writes is the only one accepted.
    const decipher = createDecipheriv('aes-256-gcm', this.#kek, Buffer.from(stored.iv, 'base64url'), {
      authTagLength: TAG_BYTES,
    })
    decipher.setAAD(Buffer.from(aad))
    decipher.setAuthTag(ct.subarray(ct.length - TAG_BYTES))
    return new Uint8Array(
      Buffer.concat([decipher.update(ct.subarray(0, ct.length - TAG_BYTES)), decipher.final()]),
    )
  }
}
