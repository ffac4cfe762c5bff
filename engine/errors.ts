/**
 * The protocol's error catalogue. Codes and texts are the ones the official clients put on the wire and
 * in thrown messages (`@walletconnect/utils` SDK_ERRORS / INTERNAL_ERRORS), so a peer or an app that
 * branches on them sees the same values from us. Codes the Sign spec lists (error-codes.md) without an
 * official text get one in the same style.
 */

export type CatalogueEntry = { readonly code: number; readonly message: string }

/** Keys with consecutive codes, the first key's code first: the spec numbers each family that way. */
type Family = readonly [firstCode: number, ...keys: string[]]
type FamilyKeys<F> = F extends readonly [number, ...infer Keys extends string[]] ? Keys[number] : never

/**
 * Every official text is its key in words ("NO_MATCHING_KEY" is "No matching key."; the sign-in errors
 * drop their "AUTH_"), so only the exceptions are written out: the browser bundle carries each text once.
 */
function catalogue<const Families extends readonly Family[]>(
  families: Families,
  exceptions: Partial<Record<FamilyKeys<Families[number]>, string>> = {},
): Record<FamilyKeys<Families[number]>, CatalogueEntry> {
  const texts: Partial<Record<string, string>> = exceptions
  const entries: Record<string, CatalogueEntry> = {}
  for (const [firstCode, ...keys] of families) {
    keys.forEach((key, index) => {
      const words = key
        .replace(/^AUTH_/, '')
        .replace(/_/g, ' ')
        .toLowerCase()
      entries[key] = {
        code: firstCode + index,
        message: texts[key] ?? `${words[0]?.toUpperCase()}${words.slice(1)}.`,
      }
    })
  }
  return entries as Record<FamilyKeys<Families[number]>, CatalogueEntry>
}

export const SdkErrors = catalogue(
  [
    [
      1001,
      'INVALID_METHOD',
      'INVALID_EVENT',
      'INVALID_UPDATE_REQUEST',
      'INVALID_EXTEND_REQUEST',
      'INVALID_SESSION_SETTLE_REQUEST',
    ],
    [
      3001,
      'UNAUTHORIZED_METHOD',
      'UNAUTHORIZED_EVENT',
      'UNAUTHORIZED_UPDATE_REQUEST',
      'UNAUTHORIZED_EXTEND_REQUEST',
      'UNAUTHORIZED_CHAIN',
    ],
    [4001, 'USER_REJECTED_REQUEST'],
    [5000, 'USER_REJECTED', 'USER_REJECTED_CHAINS', 'USER_REJECTED_METHODS', 'USER_REJECTED_EVENTS'],
    [
      5100,
      'UNSUPPORTED_CHAINS',
      'UNSUPPORTED_METHODS',
      'UNSUPPORTED_EVENTS',
      'UNSUPPORTED_ACCOUNTS',
      'UNSUPPORTED_NAMESPACE_KEY',
    ],
    [6000, 'USER_DISCONNECTED'],
    [7000, 'SESSION_SETTLEMENT_FAILED', 'NO_SESSION_FOR_TOPIC'],
    [8000, 'SESSION_REQUEST_EXPIRED'],
    [10001, 'WC_METHOD_UNSUPPORTED'],
    [
      11001,
      'MALFORMED_RESPONSE_PARAMS',
      'MALFORMED_REQUEST_PARAMS',
      'MESSAGE_COMPROMISED',
      'SIGNATURE_VERIFICATION_FAILED',
      'REQUEST_EXPIRED',
      'MISSING_ISSUER',
    ],
    [12001, 'AUTH_USER_REJECTED_REQUEST', 'AUTH_USER_DISCONNECTED'],
  ],
  { WC_METHOD_UNSUPPORTED: 'Unsupported wc_ method.' },
)

export const InternalErrors = catalogue([
  [
    1,
    'NOT_INITIALIZED',
    'NO_MATCHING_KEY',
    'RESTORE_WILL_OVERRIDE',
    'RESUBSCRIBED',
    'MISSING_OR_INVALID',
    'EXPIRED',
    'UNKNOWN_TYPE',
    'MISMATCHED_TOPIC',
    'NON_CONFORMING_NAMESPACES',
  ],
])

export type SdkErrorKey = keyof typeof SdkErrors
export type InternalErrorKey = keyof typeof InternalErrors
export type ErrorKey = SdkErrorKey | InternalErrorKey

/** A JSON-RPC error object as it travels between peers. */
export type ErrorResponse = { code: number; message: string; data?: string }

function withContext({ code, message }: CatalogueEntry, context: string | number | undefined): ErrorResponse {
  return { code, message: context === undefined || context === '' ? message : `${message} ${context}` }
}

/** The wire form of an SDK error, e.g. `{ code: 6000, message: 'User disconnected.' }`. */
export function getSdkError(key: SdkErrorKey, context?: string | number): ErrorResponse {
  return withContext(SdkErrors[key], context)
}

export function getInternalError(key: InternalErrorKey, context?: string | number): ErrorResponse {
  return withContext(InternalErrors[key], context)
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
  const known = Object.entries({ ...InternalErrors, ...SdkErrors }).find(([, entry]) => entry.code === code)
  return known?.[0] as ErrorKey | undefined
}

/**
 * Turns anything thrown while handling a peer's request into the error object to answer with; unknown
 * throwables become MISSING_OR_INVALID so no stack or internal detail leaks to the peer.
 */
export function toErrorResponse(error: unknown): ErrorResponse {
  if (error instanceof SignClientError) return error.toErrorResponse()
  return getInternalError('MISSING_OR_INVALID', error instanceof Error ? error.message : undefined)
}
