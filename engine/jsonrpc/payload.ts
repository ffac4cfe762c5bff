import type { ErrorResponse } from '../errors.js'

export type JsonRpcRequest<Params = unknown> = {
  id: number
  jsonrpc: '2.0'
  method: string
  params: Params
}
export type JsonRpcResult<Result = unknown> = { id: number; jsonrpc: '2.0'; result: Result }
export type JsonRpcError = { id: number; jsonrpc: '2.0'; error: ErrorResponse }
export type JsonRpcResponse<Result = unknown> = JsonRpcResult<Result> | JsonRpcError
export type JsonRpcPayload = JsonRpcRequest | JsonRpcResponse

/**
 * A peer-to-peer request id as the official clients make it: the time in milliseconds times 1000 plus
 * three random digits. Receivers compare the time part to discard out-of-sync updates and events, so the
 * shape matters, not just uniqueness. `random` is injectable for tests.
 */
export function payloadId(now: number = Date.now(), random: () => number = Math.random): number {
  return now * 1000 + Math.floor(random() * 1000)
}

/** The millisecond timestamp an id was made at. */
export function payloadIdTime(id: number): number {
  return Math.floor(id / 1000)
}

/** Whether `id` was made before `lastId` (by time, ignoring the random digits). */
export function isOutOfSync(lastId: number, id: number): boolean {
  return payloadIdTime(id) < payloadIdTime(lastId)
}

export function formatRequest<Params>(method: string, params: Params, id: number): JsonRpcRequest<Params> {
  return { id, jsonrpc: '2.0', method, params }
}

export function formatResult<Result>(id: number, result: Result): JsonRpcResult<Result> {
  return { id, jsonrpc: '2.0', result }
}

export function formatError(id: number, error: ErrorResponse): JsonRpcError {
  return { id, jsonrpc: '2.0', error }
}
