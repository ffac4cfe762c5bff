import type { JsonRpcErrorObject } from '../protocol/index.js'

/** Every failure the relay client reports; callers branch on `code`. */
export type RelayClientErrorCode =
  | 'INVALID_OPTIONS'
  | 'INVALID_PARAMS'
  | 'INVALID_RESULT'
  | 'RPC_ERROR'
  | 'REQUEST_TIMEOUT'
  | 'DISCONNECTED'
  | 'CLOSED'
  | 'MALFORMED_FRAME'
  | 'SOCKET_ERROR'
  | 'RESUBSCRIBE_FAILED'
  /** No relay auth token could be signed: a mismatched key pair, or primitives the runtime lacks. */
  | 'AUTH_FAILED'

export class RelayClientError extends Error {
  override readonly name = 'RelayClientError'
  readonly code: RelayClientErrorCode
  /** The relay's JSON-RPC error, when `code` is RPC_ERROR. */
  readonly rpcError: JsonRpcErrorObject | undefined

  constructor(
    code: RelayClientErrorCode,
    message: string,
    options?: { cause?: unknown; rpcError?: JsonRpcErrorObject },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause })
    this.code = code
    this.rpcError = options?.rpcError
  }
}
