/** A JSON-RPC error the handlers throw; the server answers it as `{ jsonrpc, error: { code, message, data? }, id }`. */
export class SolanaRpcError extends Error {
  override readonly name = 'SolanaRpcError'
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }

  toJSON(): { code: number; message: string; data?: unknown } {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data }
  }
}

/** The codes the real RPC answers with (Agave's rpc_custom_error and JSON-RPC's own). */
export const rpcErrorCodes = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  preflightFailure: -32002,
  signatureVerificationFailure: -32003,
  unsupportedTransactionVersion: -32015,
} as const

export const invalidParams = (detail: string) =>
  new SolanaRpcError(rpcErrorCodes.invalidParams, `Invalid params: ${detail}`)
