import * as z from 'zod/mini'
import type { JsonRpcError, JsonRpcRequest, JsonRpcResult } from './payload.js'

const IdSchema = z.int().check(z.nonnegative(), z.lte(Number.MAX_SAFE_INTEGER))

export const ErrorResponseSchema = z.object({
  code: z.int(),
  message: z.string(),
  data: z.optional(z.string()),
})

export const JsonRpcRequestSchema = z.object({
  id: IdSchema,
  jsonrpc: z.literal('2.0'),
  method: z.string().check(z.minLength(1)),
  params: z.unknown(),
})

export const JsonRpcResultSchema = z.object({
  id: IdSchema,
  jsonrpc: z.literal('2.0'),
  result: z.unknown(),
})

export const JsonRpcErrorSchema = z.object({
  id: IdSchema,
  jsonrpc: z.literal('2.0'),
  error: ErrorResponseSchema,
})

export type ClassifiedPayload =
  | { kind: 'request'; payload: JsonRpcRequest }
  | { kind: 'result'; payload: JsonRpcResult }
  | { kind: 'error'; payload: JsonRpcError }
  | { kind: 'unknown' }

/** Sorts a decrypted peer message into request, result or error; anything else is `unknown`. */
export function classifyPayload(value: unknown): ClassifiedPayload {
  const request = JsonRpcRequestSchema.safeParse(value)
  if (request.success) return { kind: 'request', payload: request.data }
  const error = JsonRpcErrorSchema.safeParse(value)
  if (error.success) return { kind: 'error', payload: error.data }
  if (typeof value === 'object' && value !== null && 'result' in value) {
    const result = JsonRpcResultSchema.safeParse(value)
    if (result.success) return { kind: 'result', payload: result.data as JsonRpcResult }
  }
  return { kind: 'unknown' }
}
