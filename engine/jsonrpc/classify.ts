import * as v from '@pairwise/common/schema'
import type { JsonRpcError, JsonRpcRequest, JsonRpcResult } from './payload.js'

const IdSchema = v.int().check(v.nonnegative(), v.lte(Number.MAX_SAFE_INTEGER))

// No handler parses with it (answers are read as AnsweredErrorSchema below): marked pure so a bundle that
// never does drops it.
export const ErrorResponseSchema = /* @__PURE__ */ v.object({
  code: /* @__PURE__ */ v.int(),
  message: /* @__PURE__ */ v.string(),
  data: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string()),
})

export const JsonRpcRequestSchema = v.object({
  id: IdSchema,
  jsonrpc: v.literal('2.0'),
  method: v.string().check(v.minLength(1)),
  params: v.unknown(),
})

export const JsonRpcResultSchema = v.object({
  id: IdSchema,
  jsonrpc: v.literal('2.0'),
  result: v.unknown(),
})

/**
 * An error as peers answer it. The official clients answer most refusals with an Error they threw, which
 * JSON turns into `{}`, and wallets pass on errors of their own (a string `code`, an object `data`): each is
 * still the peer's no, so it fails the call at once, keeping what fits, rather than leaving it to time out.
 */
const AnsweredErrorSchema = v.object({
  code: v.catch(v.int(), 0),
  message: v.catch(v.string(), 'The peer refused without saying why'),
  data: v.catch(v.optional(v.string()), undefined),
})

export const JsonRpcErrorSchema = v.object({
  id: IdSchema,
  jsonrpc: v.literal('2.0'),
  error: AnsweredErrorSchema,
})

export type ClassifiedPayload =
  | { kind: 'request'; payload: JsonRpcRequest }
  | { kind: 'result'; payload: JsonRpcResult }
  | { kind: 'error'; payload: JsonRpcError }
  | { kind: 'unknown' }

/**
 * Sorts a decrypted peer message into request, result or error; anything else is `unknown`. A schema is
 * tried only when its required key is there, so a response is not first refused as a request; a result is
 * told before an error, as the official clients do, since nearly any `error` now reads as one.
 */
export function classifyPayload(value: unknown): ClassifiedPayload {
  if (typeof value !== 'object' || value === null) return { kind: 'unknown' }
  if ('method' in value) {
    const request = JsonRpcRequestSchema.safeParse(value)
    if (request.success) return { kind: 'request', payload: request.data }
  }
  if ('result' in value) {
    const result = JsonRpcResultSchema.safeParse(value)
    if (result.success) return { kind: 'result', payload: result.data as JsonRpcResult }
  }
  if ('error' in value) {
    const error = JsonRpcErrorSchema.safeParse(value)
    if (error.success) return { kind: 'error', payload: error.data }
  }
  return { kind: 'unknown' }
}
