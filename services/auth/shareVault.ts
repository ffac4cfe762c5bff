import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

/** An auth share as stored: AES-256-GCM under the KEK, the tag at the end of `ct`. */
export type StoredShare = { iv: string; ct: string }

const TAG_BYTES = 16

/** The AAD names the role, wallet and version, so a row's share cannot be moved to another wallet. */
const aadOf = (walletId: string, version: number) =>
  Buffer.from(`pairwise/share/v1|auth|${walletId}|${version}`)

/**
 * Encrypts auth shares at rest under a key-encryption key kept outside the database (config or env):
 * a copy of the database alone reads no share.
 */
export class ShareVault {
  readonly #kek: Buffer

  constructor(kek: Uint8Array) {
    if (kek.length !== 32) throw new Error('the auth KEK must be 32 bytes')
    this.#kek = Buffer.from(kek)
  }

  seal(walletId: string, version: number, share: Uint8Array): StoredShare {
    const iv = randomBytes(12)
    const cipher = createCipheriv('aes-256-gcm', this.#kek, iv)
    cipher.setAAD(aadOf(walletId, version))
    const ct = Buffer.concat([cipher.update(share), cipher.final(), cipher.getAuthTag()])
    return { iv: iv.toString('base64url'), ct: ct.toString('base64url') }
  }

  /** The share; throws when the row was changed, moved or sealed under another KEK. */
  open(walletId: string, version: number, stored: StoredShare): Uint8Array {
    const ct = Buffer.from(stored.ct, 'base64url')
    const decipher = createDecipheriv('aes-256-gcm', this.#kek, Buffer.from(stored.iv, 'base64url'))
    decipher.setAAD(aadOf(walletId, version))
    decipher.setAuthTag(ct.subarray(ct.length - TAG_BYTES))
    return new Uint8Array(
      Buffer.concat([decipher.update(ct.subarray(0, ct.length - TAG_BYTES)), decipher.final()]),
    )
  }
}
