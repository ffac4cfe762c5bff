import type { IncomingMessage } from 'node:http'
import { HttpError } from './httpError.js'

// Longer targets are refused before parsing; Node already caps the whole header block.
export const MAX_TARGET_LENGTH = 8192

/**
 * The request's target as a URL on `base`. Clients control it entirely (`//[`, `http://[::`, control
 * characters), so a target `URL` cannot parse is the client's error, never an exception that escapes.
 */
export function requestTarget(request: Pick<IncomingMessage, 'url'>, base = 'http://server'): URL {
  const target = request.url ?? '/'
  if (target.length > MAX_TARGET_LENGTH)
    throw new HttpError(414, `Request target longer than ${MAX_TARGET_LENGTH} characters`)
  // Only origin-form ("/path?query") is served; anything else would let the client pick the host.
  if (!target.startsWith('/') || target.startsWith('//')) throw new HttpError(400, 'Bad request target')
  try {
    return new URL(target, base)
  } catch {
    throw new HttpError(400, 'Bad request target')
  }
}

/** Percent-decodes a path; a broken escape such as `%E0%A4%A` is a 400, not a crash. */
export function decodePath(pathname: string): string {
  try {
    return decodeURIComponent(pathname)
  } catch {
    throw new HttpError(400, 'Bad percent-encoding in the request path')
  }
}
