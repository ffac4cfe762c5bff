import { TamperedShareError } from './errors.js'
import { IV_BYTES, shareAad } from './shareAad.js'

export type ShareBinding = { walletId: string; version: number }
export type WrappedShare = { iv: Uint8Array<ArrayBuffer>; ciphertext: Uint8Array<ArrayBuffer> }

/**
 * The wrap key never leaves WebCrypto: IndexedDB stores the CryptoKey object itself, and
 * `extractable: false` makes the browser refuse to export its bytes, so reading the database (or a
 * backup of the profile) yields only ciphertext.
 */
export function createWrapKey(): Promise<CryptoKey> {
  return crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt'])
}

export async function wrapShare(
  key: CryptoKey,
  share: Uint8Array,
  binding: ShareBinding,
): Promise<WrappedShare> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES))
  const owned = new Uint8Array(share)
  try {
    const additionalData = shareAad('device', binding.walletId, binding.version)
    const ciphertext = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData }, key, owned)
    return { iv, ciphertext: new Uint8Array(ciphertext) }
  } finally {
    owned.fill(0)
  }
}

/** A wrapped share that does not open under this key, wallet and version is tampered, never used. */
export async function unwrapShare(
  key: CryptoKey,
  wrapped: WrappedShare,
  binding: ShareBinding,
): Promise<Uint8Array> {
  try {
    const additionalData = shareAad('device', binding.walletId, binding.version)
    const { iv, ciphertext } = wrapped
    return new Uint8Array(
      await crypto.subtle.decrypt({ name: 'AES-GCM', iv, additionalData }, key, ciphertext),
    )
  } catch (cause) {
    throw new TamperedShareError('The share stored on this device does not open', { cause })
  }
}
