import { base64urlToBytes } from '@pairwise/crypto'
import * as z from 'zod/mini'
import { IV_BYTES } from './shareAad.js'
import { ENTROPY_BYTES } from './walletSecret.js'

/** OWASP's 2023 figure for PBKDF2-HMAC-SHA256; about 0.1 s in a browser, paid once per recovery. */
export const MIN_RECOVERY_ITERATIONS = 600_000
/** The parameters come from the server: a bound keeps a hostile one from freezing the frame in the KDF. */
export const MAX_RECOVERY_ITERATIONS = 10_000_000
export const SALT_BYTES = 16

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
 * The slow KDF's parameters, which the server hands out with its evaluation. Checked before any work:
 * fewer iterations than the floor or more than the bound are refused.
 */
export const recoveryKdfSchema = z.strictObject({
  iterations: z.int().check(z.minimum(MIN_RECOVERY_ITERATIONS), z.maximum(MAX_RECOVERY_ITERATIONS)),
  salt: base64urlBytes(SALT_BYTES),
})
export type RecoveryKdf = z.infer<typeof recoveryKdfSchema>

/**
 * The recovery share under the key recoveryKey.ts derives from the passphrase through the auth
 * service's OPRF, stored opaque by the auth server and read back by the frame on a new browser. Strict:
 * an unknown field, another version or KDF, or fewer iterations are refused before the share is opened.
 */
export const recoveryBlobSchema = z.strictObject({
  v: z.literal(2),
  oprf: z.literal('ristretto255-SHA512'),
  kdf: z.literal('PBKDF2-SHA256'),
  ...recoveryKdfSchema.shape,
  iv: base64urlBytes(IV_BYTES),
  ciphertext: base64urlBytes(CIPHERTEXT_BYTES),
})

export type RecoveryBlob = z.infer<typeof recoveryBlobSchema>
