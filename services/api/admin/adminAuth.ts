import { createHash, timingSafeEqual } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { ApiError } from '../http/apiError.js'

const digest = (text: string) => createHash('sha256').update(text).digest()

/**
 * Requires `Authorization: Bearer <token>`; anything else is 401. The comparison takes the same time
 * whatever the guess (both sides hashed to equal lengths first), so the token cannot be found byte by byte.
 */
export function requireAdmin(token: string): MiddlewareHandler {
  const expected = digest(token)
  return async (c, next) => {
    const match = /^Bearer ([^\s]+)$/.exec(c.req.header('authorization') ?? '')
    if (!match?.[1] || !timingSafeEqual(digest(match[1]), expected)) {
      c.header('www-authenticate', 'Bearer')
      throw new ApiError(401, 'UNAUTHORIZED', 'Unauthorized: admin token required')
    }
    await next()
  }
}
