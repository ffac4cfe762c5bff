/**
 * The protocol's error catalogue. Codes and texts are the ones the official clients put on the wire and
 * in thrown messages (`@walletconnect/utils` SDK_ERRORS / INTERNAL_ERRORS), so a peer or an app that
 * branches on them sees the same values from us. Codes the Sign spec lists (error-codes.md) without an
 * official text get one in the same style.
 */
export const SdkErrors = {
  INVALID_METHOD: { code: 1001, message: 'Invalid method.' },
  INVALID_EVENT: { code: 1002, message: 'Invalid event.' },
  INVALID_UPDATE_REQUEST: { code: 1003, message: 'Invalid update request.' },
  INVALID_EXTEND_REQUEST: { code: 1004, message: 'Invalid extend request.' },
  INVALID_SESSION_SETTLE_REQUEST: { code: 1005, message: 'Invalid session settle request.' },
  UNAUTHORIZED_METHOD: { code: 3001, message: 'Unauthorized method.' },
  UNAUTHORIZED_EVENT: { code: 3002, message: 'Unauthorized event.' },
  UNAUTHORIZED_UPDATE_REQUEST: { code: 3003, message: 'Unauthorized update request.' },
  UNAUTHORIZED_EXTEND_REQUEST: { code: 3004, message: 'Unauthorized extend request.' },
  UNAUTHORIZED_CHAIN: { code: 3005, message: 'Unauthorized chain.' },
  USER_REJECTED_REQUEST: { code: 4001, message: 'User rejected request.' },
  USER_REJECTED: { code: 5000, message: 'User rejected.' },
  USER_REJECTED_CHAINS: { code: 5001, message: 'User rejected chains.' },
  USER_REJECTED_METHODS: { code: 5002, message: 'User rejected methods.' },
  USER_REJECTED_EVENTS: { code: 5003, message: 'User rejected events.' },
  UNSUPPORTED_CHAINS: { code: 5100, message: 'Unsupported chains.' },
  UNSUPPORTED_METHODS: { code: 5101, message: 'Unsupported methods.' },
  UNSUPPORTED_EVENTS: { code: 5102, message: 'Unsupported events.' },
  UNSUPPORTED_ACCOUNTS: { code: 5103, message: 'Unsupported accounts.' },
  UNSUPPORTED_NAMESPACE_KEY: { code: 5104, message: 'Unsupported namespace key.' },
  USER_DISCONNECTED: { code: 6000, message: 'User disconnected.' },
  SESSION_SETTLEMENT_FAILED: { code: 7000, message: 'Session settlement failed.' },
  NO_SESSION_FOR_TOPIC: { code: 7001, message: 'No session for topic.' },
  SESSION_REQUEST_EXPIRED: { code: 8000, message: 'Session request expired.' },
  WC_METHOD_UNSUPPORTED: { code: 10001, message: 'Unsupported wc_ method.' },
  MALFORMED_RESPONSE_PARAMS: { code: 11001, message: 'Malformed response params.' },
  MALFORMED_REQUEST_PARAMS: { code: 11002, message: 'Malformed request params.' },
  MESSAGE_COMPROMISED: { code: 11003, message: 'Message compromised.' },
  SIGNATURE_VERIFICATION_FAILED: { code: 11004, message: 'Signature verification failed.' },
  REQUEST_EXPIRED: { code: 11005, message: 'Request expired.' },
  MISSING_ISSUER: { code: 11006, message: 'Missing issuer.' },
  AUTH_USER_REJECTED_REQUEST: { code: 12001, message: 'User rejected request.' },
  AUTH_USER_DISCONNECTED: { code: 12002, message: 'User disconnected.' },
} as const

export const InternalErrors = {
  NOT_INITIALIZED: { code: 1, message: 'Not initialized.' },
  NO_MATCHING_KEY: { code: 2, message: 'No matching key.' },
  RESTORE_WILL_OVERRIDE: { code: 3, message: 'Restore will override.' },
  RESUBSCRIBED: { code: 4, message: 'Resubscribed.' },
  MISSING_OR_INVALID: { code: 5, message: 'Missing or invalid.' },
  EXPIRED: { code: 6, message: 'Expired.' },
  UNKNOWN_TYPE: { code: 7, message: 'Unknown type.' },
  MISMATCHED_TOPIC: { code: 8, message: 'Mismatched topic.' },
  NON_CONFORMING_NAMESPACES: { code: 9, message: 'Non conforming namespaces.' },
} as const

export type SdkErrorKey = keyof typeof SdkErrors
export type InternalErrorKey = keyof typeof InternalErrors
export type ErrorKey = SdkErrorKey | InternalErrorKey

/** A JSON-RPC error object as it travels between peers. */
export type ErrorResponse = { code: number; message: string; data?: string }

function withContext(message: string, context: string | number | undefined): string {
  return context === undefined || context === '' ? message : `${message} ${context}`
}

/** The wire form of an SDK error, e.g. `{ code: 6000, message: 'User disconnected.' }`. */
export function getSdkError(key: SdkErrorKey, context?: string | number): ErrorResponse {
  const { code, message } = SdkErrors[key]
  return { code, message: withContext(message, context) }
}

export function getInternalError(key: InternalErrorKey, context?: string | number): ErrorResponse {
  const { code, message } = InternalErrors[key]
  return { code, message: withContext(message, context) }
}

/**
 * Every failure the engine reports: a validation error of ours (with its catalogue key) or an error the
 * peer answered with (key looked up from the code when it is one of the catalogue's).
 */
export class SignClientError extends Error {
  override readonly name = 'SignClientError'
  readonly code: number
  readonly key: ErrorKey | undefined
  readonly data: string | undefined

  constructor(response: ErrorResponse, key?: ErrorKey, options?: { cause?: unknown }) {
    super(response.message, options)
    this.code = response.code
    this.key = key ?? keyOfCode(response.code)
    this.data = response.data
  }

  /** What to send a peer when this error answers its request. */
  toErrorResponse(): ErrorResponse {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data }
  }
}

export function sdkError(key: SdkErrorKey, context?: string | number): SignClientError {
  return new SignClientError(getSdkError(key, context), key)
}

export function internalError(key: InternalErrorKey, context?: string | number): SignClientError {
  return new SignClientError(getInternalError(key, context), key)
}

export function isSignClientError(value: unknown): value is SignClientError {
  return value instanceof SignClientError
}

function keyOfCode(code: number): ErrorKey | undefined {
  for (const [key, value] of Object.entries(InternalErrors)) if (value.code === code) return key as ErrorKey
  for (const [key, value] of Object.entries(SdkErrors)) if (value.code === code) return key as ErrorKey
  return undefined
}

/**
 * Turns anything thrown while handling a peer's request into the error object to answer with; unknown
 * throwables become MISSING_OR_INVALID so no stack or internal detail leaks to the peer.
 */
export function toErrorResponse(error: unknown): ErrorResponse {
  if (error instanceof SignClientError) return error.toErrorResponse()
  return getInternalError('MISSING_OR_INVALID', error instanceof Error ? error.message : undefined)
}
