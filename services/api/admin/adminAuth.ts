import type { MiddlewareHandler } from 'hono'
import { carriesBearer, secretDigest } from '../../kit/index.js'
import { ApiError } from '../http/apiError.js'

/**
 * Requires `Authorization: Bearer <token>`; anything else is 401. The comparison takes the same time
 * whatever the guess (both sides hashed to equal lengths first), so the token cannot be found byte by byte.
 */
export function requireAdmin(token: string): MiddlewareHandler {
  const expected = secretDigest(token)
  return async (c, next) => {
    if (!carriesBearer(c.req.header('authorization'), expected)) {
      c.header('www-authenticate', 'Bearer')
      throw new ApiError(401, 'UNAUTHORIZED', 'Unauthorized: admin token required')
    }
    await next()
  }
}
