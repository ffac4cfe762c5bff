import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'

/** Attempt, change-request and other ids: 16 random bytes, base64url (22 characters). */
export const newId = () => randomBytes(16).toString('base64url')

/** Session and device-approval tokens: 32 random bytes (256 bits), base64url (43 characters). */
export const newToken = () => randomBytes(32).toString('base64url')

/** What the database keeps of a token: its SHA-256, so a leaked table grants nothing. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** Whether `token` is the one `digest` (hashToken) was made of, compared in constant time. */
export function tokenMatches(token: string, digest: string): boolean {
  const expected = Buffer.from(digest, 'hex')
  const actual = Buffer.from(hashToken(token), 'hex')
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}

/** A one-time code: 6 digits from the CSPRNG, zero-padded (about 19.9 bits; ASVS 6.5.3/6.5.4). */
export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0')

/** A code as stored: HMAC-SHA256 under the pepper over the attempt id and the code, never the code. */
export function codeDigest(pepper: Uint8Array, attemptId: string, code: string): string {
  return createHmac('sha256', pepper).update(`${attemptId}\n${code}`).digest('hex')
}

/** Whether `code` is the one `digest` was made of, compared in constant time. */
export function codeMatches(pepper: Uint8Array, attemptId: string, code: string, digest: string): boolean {
  const expected = Buffer.from(digest, 'hex')
  const actual = Buffer.from(codeDigest(pepper, attemptId, code), 'hex')
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}

/** The code pepper when none is configured: derived from the KEK, so every instance agrees and the DB holds neither. */
export function pepperFromKek(kek: Uint8Array): Uint8Array {
  return createHmac('sha256', kek).update('pairwise/auth/otp-pepper/v1').digest()
}
