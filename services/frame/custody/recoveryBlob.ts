import * as z from 'zod/mini'
import { base64urlToBytes } from '../../../crypto/encoding.js'
import { IV_BYTES, SALT_BYTES } from './passphraseSeal.js'
import { ENTROPY_BYTES } from './walletSecret.js'

/** OWASP's 2023 figure for PBKDF2-HMAC-SHA256; about 0.1 s in a browser, paid once per recovery. */
export const MIN_RECOVERY_ITERATIONS = 600_000
/** The blob comes from the server: a bound keeps a hostile one from freezing the frame in the KDF. */
export const MAX_RECOVERY_ITERATIONS = 10_000_000

/** A share is the entropy plus Shamir's x byte; AES-GCM adds a 16-byte tag. */
const CIPHERTEXT_BYTES = ENTROPY_BYTES + 1 + 16

function base64urlBytes(length: number) {
  return z.string().check(
    z.refine((text) => {
      try {
        return base64urlToBytes(text).length === length
      } catch {
        return false
      }
    }, `must be ${length} bytes in base64url`),
  )
}

/**
 * The recovery share under the user's passphrase, stored opaque by the auth server and read back by the
 * frame on a new browser. Strict: an unknown field, another KDF or fewer iterations are refused before
 * any key is derived, so the floor holds for every stored blob whatever wrote it.
 */
export const recoveryBlobSchema = z.strictObject({
  v: z.literal(1),
  kdf: z.literal('PBKDF2-SHA256'),
  iterations: z.int().check(z.minimum(MIN_RECOVERY_ITERATIONS), z.maximum(MAX_RECOVERY_ITERATIONS)),
  salt: base64urlBytes(SALT_BYTES),
  iv: base64urlBytes(IV_BYTES),
  ciphertext: base64urlBytes(CIPHERTEXT_BYTES),
})

export type RecoveryBlob = z.infer<typeof recoveryBlobSchema>
