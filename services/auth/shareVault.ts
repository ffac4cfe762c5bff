import { KekBox, type StoredSecret } from './kekBox.js'

/** An auth share as stored: AES-256-GCM under the KEK, the tag at the end of `ct`. */
export type StoredShare = StoredSecret

/** The AAD names the role, wallet and version, so a row's share cannot be moved to another wallet. */
const aadOf = (walletId: string, version: number) => `pairwise/share/v1|auth|${walletId}|${version}`

/**
 * Encrypts auth shares at rest under a key-encryption key kept outside the database (config or env):
 * a copy of the database alone reads no share.
 */
export class ShareVault {
  readonly #box: KekBox

  constructor(kek: Uint8Array | KekBox) {
    this.#box = kek instanceof KekBox ? kek : new KekBox(kek)
  }

  seal(walletId: string, version: number, share: Uint8Array): StoredShare {
    return this.#box.seal(aadOf(walletId, version), share)
  }

  /** The share; throws when the row was changed, moved or sealed under another KEK. */
  open(walletId: string, version: number, stored: StoredShare): Uint8Array {
    return this.#box.open(aadOf(walletId, version), stored)
  }
}
