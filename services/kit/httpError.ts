/**
 * The one code list for what HTTP itself names, by status: every service answers these, and adds codes of
 * its own beside them (the api's `INVALID_KEY`, auth's `OTP_INVALID`). A 400 is `INVALID_REQUEST` and a
 * 500 `SERVER_ERROR`, the codes the api and auth answered with before there was one list, which their
 * clients and the api reference know.
 */
export const httpErrorCodes = {
  400: 'INVALID_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  408: 'REQUEST_TIMEOUT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  421: 'MISDIRECTED_REQUEST',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
  500: 'SERVER_ERROR',
  503: 'UNAVAILABLE',
} as const

export type HttpErrorCode = (typeof httpErrorCodes)[keyof typeof httpErrorCodes]

/** The code of a status: its own from the list, else the list's 400 or 500 by class. */
export function codeOf(status: number): HttpErrorCode {
  return (
    (httpErrorCodes as Partial<Record<number, HttpErrorCode>>)[status] ??
    (status < 500 ? httpErrorCodes[400] : httpErrorCodes[500])
  )
}

/**
 * An answer to the client, with `status`, `message` and a stable machine-readable `code` (by default the
 * status's, from `httpErrorCodes`); the safe server and the services' error handlers turn it into the
 * response, `{ code, message }` in JSON. Services subclass it for their own codes (`Code`).
 */
export class HttpError<Code extends string = HttpErrorCode> extends Error {
  override name = 'HttpError'
  constructor(
    readonly status: number,
    message: string,
    readonly code: Code | HttpErrorCode = codeOf(status),
    /** Sent with the answer, e.g. `retry-after`. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message)
  }

  toJSON(): { code: Code | HttpErrorCode; message: string } {
    return { code: this.code, message: this.message }
  }
}
