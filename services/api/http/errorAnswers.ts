import type { Context, ErrorHandler, MiddlewareHandler, NotFoundHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { codeOf, HttpError } from '../../kit/index.js'
import { ApiError, type ApiErrorCode } from './apiError.js'
import type { ApiLogger } from './types.js'

export const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024

const errorBody = (code: ApiErrorCode, message: string) => ({ code, message })

export type ErrorAnswer = {
  status: ContentfulStatusCode
  /** `{ code, message }`, and whatever fields a service's error adds (auth's `retryAfter`). */
  body: { code: string; message: string }
  headers: Readonly<Record<string, string>>
}

/**
 * Every error as `{ code, message }`: an HttpError (ApiError, AuthError) as it says, Hono's own HTTP errors
 * by their status's code, and anything else as 500 'Server Error' with no detail in the answer, logged once.
 */
export function errorAnswer(
  error: unknown,
  logger: ApiLogger,
  request: { method: string; path: string },
): ErrorAnswer {
  if (error instanceof HttpError)
    return { status: error.status as ContentfulStatusCode, body: error.toJSON(), headers: error.headers }
  if (error instanceof HTTPException && error.status < 500) {
    const status = error.status as ContentfulStatusCode
    const body = errorBody(codeOf(status), error.message || 'Bad Request')
    return { status, body, headers: {} }
  }
  logger.error('request failed', {
    method: request.method,
    path: request.path.slice(0, 200),
    error: error instanceof Error ? error.message : String(error),
  })
  return { status: 500, body: errorBody('SERVER_ERROR', 'Server Error'), headers: {} }
}

export function errorHandler(logger: ApiLogger): ErrorHandler {
  return (error, c) => {
    const { status, body, headers } = errorAnswer(error, logger, c.req)
    return c.json(body, status, { ...headers })
  }
}

export const payloadTooLarge = (maxBytes: number) =>
  new ApiError(413, 'PAYLOAD_TOO_LARGE', `Payload Too Large: at most ${maxBytes} bytes`)

export const notFound: NotFoundHandler = (c) => c.json(errorBody('NOT_FOUND', 'Not Found'), 404)

export const methodNotAllowedAnswer = (c: Context, methods: string[]) =>
  c.json(errorBody('METHOD_NOT_ALLOWED', `Method Not Allowed: use ${methods.join(', ')}`), 405, {
    allow: methods.join(', '),
  })

/**
 * Request bodies above `maxBytes` get 413, whether announced by Content-Length or streamed. GET and HEAD
 * routes never read a body, and a Content-Length is one Node's parser holds the body to: neither needs
 * Hono's bodyLimit, which builds a full web Request (stream, abort signal) to look at the body.
 */
export function bodyCap(maxBytes = DEFAULT_BODY_LIMIT_BYTES): MiddlewareHandler {
  const tooLarge = () => {
    throw payloadTooLarge(maxBytes)
  }
  const streamed = bodyLimit({ maxSize: maxBytes, onError: tooLarge })
  return (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next()
    const announced = c.req.header('content-length')
    if (announced === undefined || c.req.header('transfer-encoding') !== undefined) return streamed(c, next)
    return Number(announced) > maxBytes ? tooLarge() : next()
  }
}
