/**
 * The codes the client itself raises; a server's refusal carries the api's code as sent (INVALID_MESSAGE,
 * NONCE_INVALID, DOMAIN_NOT_ALLOWED, …, see services/api/siwx), so `code` is typed as any string.
 */
export type SiwxClientCode =
  | 'NO_PAGE_LOCATION'
  | 'INVALID_SESSION'
  | 'UNSUPPORTED_NAMESPACE'
  | 'SERVER_UNREACHABLE'
  | 'INVALID_RESPONSE'

/** A sign-in failure with a code: the api's `{ code, message }` as sent, or one of the client's own codes. */
export class SiwxError extends Error {
  override name = 'SiwxError'
  readonly code: string
  /** The HTTP status when the server answered. */
  readonly status: number | undefined

  constructor(code: string, message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.code = code
    this.status = options.status
  }
}
