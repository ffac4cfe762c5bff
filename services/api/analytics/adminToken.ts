import { createHash, timingSafeEqual } from 'node:crypto'
import { ApiError } from '../http/apiError.js'

const digest = (text: string) => createHash('sha256').update(text).digest()

/**
 * Whether `Authorization: Bearer <token>` carries the admin token. Both sides are hashed first so the
 * comparison is constant-time whatever the lengths, and says nothing about the token's length.
 */
export function carriesAdminToken(authorization: string | undefined, adminToken: string): boolean {
  const given = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1] ?? ''
  return adminToken.length > 0 && timingSafeEqual(digest(given), digest(adminToken))
}

export const invalidAdminToken = () => new ApiError(401, 'UNAUTHORIZED', 'Unauthorized: invalid admin token')
