/**
 * JSON-RPC error codes the relay answers with. The first five are JSON-RPC 2.0's own; the rest sit in
 * the range the spec reserves for servers, one per limit, so a client can tell them apart by code.
 */
export const RelayErrorCode = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  messageTooLarge: -32010,
  tooManyTopics: -32011,
  rateLimited: -32012,
  ttlOutOfRange: -32013,
  batchTooLarge: -32014,
} as const

export type RelayErrorCode = (typeof RelayErrorCode)[keyof typeof RelayErrorCode]
