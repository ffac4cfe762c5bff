/** A client's mistake, answered with `status` and `message`; the safe server turns it into the response. */
export class HttpError extends Error {
  override readonly name = 'HttpError'
  constructor(
    readonly status: number,
    message: string,
    /** A stable machine-readable name for JSON answers, e.g. `BAD_REQUEST`. */
    readonly code = codeOf(status),
  ) {
    super(message)
  }
}

const codes: Record<number, string> = {
  400: 'BAD_REQUEST',
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
  500: 'INTERNAL_ERROR',
  503: 'UNAVAILABLE',
}

export function codeOf(status: number): string {
  return codes[status] ?? (status < 500 ? 'BAD_REQUEST' : 'INTERNAL_ERROR')
}
