import { carriesBearer, secretDigest } from '../../kit/index.js'
import { ApiError } from '../http/apiError.js'

/**
 * Whether `Authorization: Bearer <token>` carries the admin token. Both sides are hashed first so the
 * comparison is constant-time whatever the lengths, and says nothing about the token's length.
 */
export function carriesAdminToken(authorization: string | undefined, adminToken: string): boolean {
  return adminToken.length > 0 && carriesBearer(authorization, secretDigest(adminToken))
}

export const invalidAdminToken = () => new ApiError(401, 'UNAUTHORIZED', 'Unauthorized: invalid admin token')
