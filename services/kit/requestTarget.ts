import type { IncomingMessage } from 'node:http'
import { HttpError } from './httpError.js'

// Longer targets are refused before parsing; Node already caps the whole header block.
export const MAX_TARGET_LENGTH = 8192

/**
 * "/path?query" with no control character or space (what URL parsing strips or trips on), and no second
 * `/` or `\` up front, which would make the rest an authority: a host the client picks.
 */
function isOriginForm(target: string): boolean {
  if (target[0] !== '/' || target[1] === '/' || target[1] === '\\') return false
  for (let at = 0; at < target.length; at++) {
    const code = target.charCodeAt(at)
    if (code <= 0x20 || code === 0x7f) return false
  }
  return true
}

/**
 * The request's target, checked to be origin-form ("/path?query") within MAX_TARGET_LENGTH, without
 * parsing it: for servers that only need it refused when bad (their router reads it afterwards).
 */
export function checkRequestTarget(request: Pick<IncomingMessage, 'url'>): string {
  const target = request.url ?? '/'
  if (target.length > MAX_TARGET_LENGTH)
    throw new HttpError(414, `Request target longer than ${MAX_TARGET_LENGTH} characters`)
  if (!isOriginForm(target)) throw new HttpError(400, 'Bad request target')
  return target
}

/**
 * The request's target as a URL on `base`. Clients control it entirely (`//[`, `http://[::`, control
 * characters), so a target `URL` cannot parse is the client's error, never an exception that escapes.
 */
export function requestTarget(request: Pick<IncomingMessage, 'url'>, base = 'http://server'): URL {
  const target = checkRequestTarget(request)
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
