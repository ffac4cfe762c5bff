import { createHash, randomBytes } from 'node:crypto'

const base62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
// 248 = 4 × 62: bytes at or above it are dropped so every character is equally likely.
const unbiasedBelow = 248

/** `length` base62 characters from the system's CSPRNG (each ≈ 5.95 bits). */
export function randomBase62(length: number): string {
  let text = ''
  while (text.length < length)
    for (const byte of randomBytes(length)) {
      if (byte < unbiasedBelow && text.length < length) text += base62[byte % 62]
    }
  return text
}

/** An opaque holder id (cookie value or bearer token): 256 random bits, base64url. */
export const newHolderId = () => randomBytes(32).toString('base64url')

export const holderIdShape = /^[A-Za-z0-9_-]{43}$/

/** What the database keeps of a holder id: its SHA-256, so a leaked table signs no one in. */
export const hashHolderId = (id: string) => createHash('sha256').update(id).digest('hex')
