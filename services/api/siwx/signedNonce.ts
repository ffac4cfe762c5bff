import { createHmac, timingSafeEqual } from 'node:crypto'
import { randomBase62 } from './randomIds.js'

const randomChars = 24
const expiryChars = 9
const macChars = 64
const shape = new RegExp(`^[0-9A-Za-z]{${randomChars}}[0-9a-z]{${expiryChars}}[0-9a-f]{${macChars}}$`)

/** The fixed-width fields first, the project last: no two (random, expiry, project) share one text. */
const mac = (secret: Uint8Array, random: string, expiry: string, projectId: string) =>
  createHmac('sha256', secret).update(`siwx-nonce.${random}${expiry}${projectId}`).digest()

/**
 * A sign-in nonce that needs no storing: 24 random base62 characters (about 142 bits), the expiry in
 * milliseconds as 9 base36 digits (enough until the year 5000), then the HMAC-SHA256 under `secret` of those
 * and `projectId`, in hex: 97 alphanumerics, as EIP-4361 wants and the modal accepts (8 to 128).
 */
export function signNonce(secret: Uint8Array, projectId: string, expiresAt: number): string {
  const random = randomBase62(randomChars)
  const expiry = expiresAt.toString(36).padStart(expiryChars, '0')
  return `${random}${expiry}${mac(secret, random, expiry, projectId).toString('hex')}`
}

/** The expiry of `nonce` when `secret` signed it for `projectId` and it is still alive at `now`. */
export function openNonce(
  secret: Uint8Array,
  nonce: string,
  projectId: string,
  now: number,
): number | undefined {
  if (!shape.test(nonce)) return undefined
  const random = nonce.slice(0, randomChars)
  const expiry = nonce.slice(randomChars, randomChars + expiryChars)
  const given = Buffer.from(nonce.slice(-macChars), 'hex')
  if (!timingSafeEqual(given, mac(secret, random, expiry, projectId))) return undefined
  const expiresAt = Number.parseInt(expiry, 36)
  return expiresAt > now ? expiresAt : undefined
}
