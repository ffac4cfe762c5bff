/**
 * JSON-RPC error codes the relay answers with. The first five are JSON-RPC 2.0's own; the rest sit in
 * the range the spec reserves for servers, one per limit, so a client can tell them apart by code.
 */
// The codes a client answers with stand alone as well, so its bundle need not carry the whole table.
export const PARSE_ERROR_CODE = -32700
export const INVALID_REQUEST_CODE = -32600
export const METHOD_NOT_FOUND_CODE = -32601

export const RelayErrorCode = {
  parseError: PARSE_ERROR_CODE,
  invalidRequest: INVALID_REQUEST_CODE,
  methodNotFound: METHOD_NOT_FOUND_CODE,
  invalidParams: -32602,
  internalError: -32603,
  messageTooLarge: -32010,
  tooManyTopics: -32011,
  rateLimited: -32012,
  ttlOutOfRange: -32013,
  batchTooLarge: -32014,
  /** The topic's mailbox, or the relay's whole store, is full: nothing was acknowledged; retry later. */
  mailboxFull: -32015,
} as const

export type RelayErrorCode = (typeof RelayErrorCode)[keyof typeof RelayErrorCode]

/**
 * WebSocket close codes the relay closes a connection with. 1012 is the standard "service restart";
 * the others are in the range RFC 6455 leaves to applications, one per limit.
 */
export const RelayCloseCode = {
  restarting: 1012,
  /** More unsent bytes waiting for the client than the relay holds for one socket (a client that stopped reading). */
  outputBufferFull: 4010,
  /** No pong to the previous ping: only a pong proves the client is still reading. */
  pingTimeout: 4011,
  /** More received frames waiting to be handled than the relay holds for one socket. */
  frameQueueFull: 4012,
} as const

export type RelayCloseCode = (typeof RelayCloseCode)[keyof typeof RelayCloseCode]
