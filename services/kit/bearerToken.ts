import { createHash, timingSafeEqual } from 'node:crypto'

/** A secret's SHA-256: what a presented secret is compared with, so the comparison takes one time whatever the lengths. */
export const secretDigest = (secret: string): Buffer => createHash('sha256').update(secret).digest()

/**
 * The token of `Authorization: Bearer <token>`, or undefined. The scheme is matched in any case and may be
 * followed by several spaces (RFC 9110 §11.1, §11.4: `bearer`, as some clients send it, is the same scheme).
 */
export const bearerToken = (authorization: string | undefined): string | undefined =>
  /^bearer +(\S+)$/i.exec(authorization ?? '')?.[1]

/** Whether `authorization` carries the bearer token whose `secretDigest` is `expected`, in constant time. */
export function carriesBearer(authorization: string | undefined, expected: Buffer): boolean {
  const given = bearerToken(authorization)
  return given !== undefined && timingSafeEqual(secretDigest(given), expected)
}
