import { WrongPassphraseError } from './errors.js'
import { normalizePassphrase } from './passphrase.js'

export const SALT_BYTES = 16
export const IV_BYTES = 12

export type PassphraseSealed = {
  iterations: number
  salt: Uint8Array<ArrayBuffer>
  iv: Uint8Array<ArrayBuffer>
  ciphertext: Uint8Array<ArrayBuffer>
}

async function passphraseKey(
  passphrase: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
): Promise<CryptoKey> {
  const password = new TextEncoder().encode(normalizePassphrase(passphrase))
  try {
    const base = await crypto.subtle.importKey('raw', password, 'PBKDF2', false, ['deriveKey'])
    return await crypto.subtle.deriveKey(
      { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
      base,
      { name: 'AES-GCM', length: 256 },
      false,
      ['encrypt', 'decrypt'],
    )
  } finally {
    password.fill(0)
  }
}

/**
 * PBKDF2-SHA256 → AES-256-GCM. No floor on `iterations` here: recoveryShare.ts enforces it on every blob
 * it writes or reads, and nothing outside custody can reach this module.
 */
export async function sealWithPassphrase(
  plaintext: Uint8Array,
  passphrase: string,
  aad: Uint8Array<ArrayBuffer>,
  iterations: number,
): Promise<PassphraseSealed> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES))
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES))
  const key = await passphraseKey(passphrase, salt, iterations)
  const owned = new Uint8Array(plaintext)
  try {
    const ciphertext = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: aad }, key, owned)
    return { iterations, salt, iv, ciphertext: new Uint8Array(ciphertext) }
  } finally {
    owned.fill(0)
  }
}

export async function openWithPassphrase(
  sealed: PassphraseSealed,
  passphrase: string,
  aad: Uint8Array<ArrayBuffer>,
): Promise<Uint8Array> {
  const key = await passphraseKey(passphrase, sealed.salt, sealed.iterations)
  try {
    const { iv, ciphertext } = sealed
    return new Uint8Array(
      await crypto.subtle.decrypt({ name: 'AES-GCM', iv, additionalData: aad }, key, ciphertext),
    )
  } catch {
    throw new WrongPassphraseError()
  }
}
