import { base64urlToBytes, bytesToBase64url } from '@pairwise/crypto'
import * as z from 'zod/mini'
import { InvalidRecoveryBlobError, WrongPassphraseError } from './errors.js'
import { type RecoveryBlob, recoveryBlobSchema } from './recoveryBlob.js'
import type { RecoveryKey } from './recoveryKey.js'
import { IV_BYTES, shareAad } from './shareAad.js'

export type RecoveryBinding = { walletId: string; version: number }

const buffer = (bytes: Uint8Array) => bytes as Uint8Array<ArrayBuffer>

function parseBlob(blob: unknown): RecoveryBlob {
  const parsed = recoveryBlobSchema.safeParse(blob)
  if (!parsed.success) {
    throw new InvalidRecoveryBlobError(`Invalid recovery blob: ${z.prettifyError(parsed.error)}`)
  }
  return parsed.data
}

/** The recovery share under `recovery` (recoveryKeyToLock), bound to wallet and version. */
export async function lockShare(
  share: Uint8Array,
  recovery: RecoveryKey,
  { walletId, version }: RecoveryBinding,
): Promise<RecoveryBlob> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES))
  const owned = new Uint8Array(share)
  try {
    const additionalData = shareAad('recovery', walletId, version)
    const ciphertext = await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData },
      recovery.key,
      owned,
    )
    return parseBlob({
      v: 2,
      oprf: 'ristretto255-SHA512',
      kdf: 'PBKDF2-SHA256',
      ...recovery.kdf,
      iv: bytesToBase64url(iv),
      ciphertext: bytesToBase64url(new Uint8Array(ciphertext)),
    })
  } finally {
    owned.fill(0)
  }
}

/**
 * The recovery share back from a blob the server returned: InvalidRecoveryBlobError for a malformed
 * blob, WrongPassphraseError when it does not open under this key for this wallet and version.
 */
export async function unlockShare(
  blob: unknown,
  recovery: RecoveryKey,
  { walletId, version }: RecoveryBinding,
): Promise<Uint8Array> {
  const { iv, ciphertext } = parseBlob(blob)
  try {
    const additionalData = shareAad('recovery', walletId, version)
    return new Uint8Array(
      await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: buffer(base64urlToBytes(iv)), additionalData },
        recovery.key,
        buffer(base64urlToBytes(ciphertext)),
      ),
    )
  } catch {
    throw new WrongPassphraseError()
  }
}
