import * as z from 'zod/mini'
import { base64urlToBytes, bytesToBase64url } from '../../../crypto/encoding.js'
import { InvalidRecoveryBlobError } from './errors.js'
import { assertStrongPassphrase } from './passphrase.js'
import { openWithPassphrase, sealWithPassphrase } from './passphraseSeal.js'
import { MIN_RECOVERY_ITERATIONS, type RecoveryBlob, recoveryBlobSchema } from './recoveryBlob.js'
import { shareAad } from './shareAad.js'

export type RecoveryBinding = { walletId: string; version: number }
export type LockShareOptions = RecoveryBinding & { iterations?: number }

function parseBlob(blob: unknown): RecoveryBlob {
  const parsed = recoveryBlobSchema.safeParse(blob)
  if (!parsed.success) {
    throw new InvalidRecoveryBlobError(`Invalid recovery blob: ${z.prettifyError(parsed.error)}`)
  }
  return parsed.data
}

/** The recovery share under a passphrase (WeakPassphraseError below the floor), bound to wallet and version. */
export async function lockShare(
  share: Uint8Array,
  passphrase: string,
  { walletId, version, iterations = MIN_RECOVERY_ITERATIONS }: LockShareOptions,
): Promise<RecoveryBlob> {
  assertStrongPassphrase(passphrase)
  if (!Number.isSafeInteger(iterations) || iterations < MIN_RECOVERY_ITERATIONS) {
    throw new InvalidRecoveryBlobError(`Recovery needs at least ${MIN_RECOVERY_ITERATIONS} iterations`)
  }
  const sealed = await sealWithPassphrase(
    share,
    passphrase,
    shareAad('recovery', walletId, version),
    iterations,
  )
  return parseBlob({
    v: 1,
    kdf: 'PBKDF2-SHA256',
    iterations: sealed.iterations,
    salt: bytesToBase64url(sealed.salt),
    iv: bytesToBase64url(sealed.iv),
    ciphertext: bytesToBase64url(sealed.ciphertext),
  })
}

/**
 * The recovery share back from a blob the server returned: InvalidRecoveryBlobError before any KDF work
 * for a malformed or weak blob, WrongPassphraseError when it does not open for this wallet and version.
 */
export async function unlockShare(
  blob: unknown,
  passphrase: string,
  { walletId, version }: RecoveryBinding,
): Promise<Uint8Array> {
  const { iterations, salt, iv, ciphertext } = parseBlob(blob)
  return openWithPassphrase(
    {
      iterations,
      salt: new Uint8Array(base64urlToBytes(salt)),
      iv: new Uint8Array(base64urlToBytes(iv)),
      ciphertext: new Uint8Array(base64urlToBytes(ciphertext)),
    },
    passphrase,
    shareAad('recovery', walletId, version),
  )
}
