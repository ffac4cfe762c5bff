import { rpcErrorCodes, SolanaRpcError } from '../rpcError.js'
import type { AnswerBudget } from './answerBudget.js'
import type { CallContext } from './context.js'
import { rpcMethods } from './methods.js'

type JsonRpcId = string | number | null

export type JsonRpcResponse =
  | { jsonrpc: '2.0'; result: unknown; id: JsonRpcId }
  | { jsonrpc: '2.0'; error: ReturnType<SolanaRpcError['toJSON']>; id: JsonRpcId }

export function idOf(request: unknown): JsonRpcId {
  if (typeof request !== 'object' || request === null) return null
  const id = (request as { id?: unknown }).id
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : null
}

export function failure(error: SolanaRpcError, id: JsonRpcId): JsonRpcResponse {
  return { jsonrpc: '2.0', error: error.toJSON(), id }
}

/** One JSON-RPC call, answered the way the real RPC answers it (errors inside an HTTP 200). */
export function answerCall(context: CallContext, request: unknown, budget: AnswerBudget): JsonRpcResponse {
  const id = idOf(request)
  if (typeof request !== 'object' || request === null || Array.isArray(request))
    return failure(new SolanaRpcError(rpcErrorCodes.invalidRequest, 'Invalid request'), null)
  const { jsonrpc, method, params, id: rawId } = request as Record<string, unknown>
  const idIsValid = rawId === undefined || rawId === null || rawId === id
  if (jsonrpc !== '2.0' || typeof method !== 'string' || !idIsValid)
    return failure(new SolanaRpcError(rpcErrorCodes.invalidRequest, 'Invalid request'), id)
  const handler = Object.hasOwn(rpcMethods, method) ? rpcMethods[method] : undefined
  if (!handler) return failure(new SolanaRpcError(rpcErrorCodes.methodNotFound, 'Method not found'), id)
  if (params !== undefined && params !== null && !Array.isArray(params))
    return failure(new SolanaRpcError(rpcErrorCodes.invalidParams, 'Invalid params: expected an array'), id)
  try {
    return { jsonrpc: '2.0', result: handler(context, params ?? [], budget), id }
  } catch (error) {
    if (error instanceof SolanaRpcError) return failure(error, id)
    return failure(new SolanaRpcError(-32603, 'Internal error'), id)
  }
}
