import { describeIssues } from '@pairwise/common'
import * as v from '@pairwise/common/schema'
import { readCommonFrame } from './commonFrame.js'
import { INVALID_REQUEST_CODE, PARSE_ERROR_CODE } from './errors.js'
import { rawTopLevelNumber } from './rawId.js'

/**
 * A JSON-RPC id as it travels. `bigint` stands for a numeric id too large for a double; it is kept
 * exact so that the response carries the very digits the client sent.
 */
export const JsonRpcIdSchema = v.union([v.string(), v.number(), v.bigint()])
export type JsonRpcId = v.infer<typeof JsonRpcIdSchema>

export const JsonRpcRequestSchema = v.object({
  jsonrpc: v.literal('2.0'),
  id: JsonRpcIdSchema,
  method: v.string().check(v.minLength(1)),
  params: v.optional(v.unknown()),
})
export type JsonRpcRequest<Params = unknown> = {
  jsonrpc: '2.0'
  id: JsonRpcId
  method: string
  params?: Params
}

export const JsonRpcErrorObjectSchema = v.object({
  code: v.int(),
  message: v.string(),
  data: v.optional(v.unknown()),
})
export type JsonRpcErrorObject = v.infer<typeof JsonRpcErrorObjectSchema>

export const JsonRpcResultSchema = v.object({
  jsonrpc: v.literal('2.0'),
  id: JsonRpcIdSchema,
  result: v.unknown(),
})
export type JsonRpcResult<Result = unknown> = { jsonrpc: '2.0'; id: JsonRpcId; result: Result }

export const JsonRpcErrorResponseSchema = v.object({
  jsonrpc: v.literal('2.0'),
  id: v.nullable(JsonRpcIdSchema),
  error: JsonRpcErrorObjectSchema,
})
export type JsonRpcErrorResponse = v.infer<typeof JsonRpcErrorResponseSchema>

export type JsonRpcResponse = JsonRpcResult | JsonRpcErrorResponse

export type JsonRpcFrame =
  | { kind: 'request'; frame: JsonRpcRequest }
  | { kind: 'result'; frame: JsonRpcResult }
  | { kind: 'error'; frame: JsonRpcErrorResponse }

/** Why a text could not be read as a frame, with the id to answer to when one could be recovered. */
export type FrameParseFailure = { error: JsonRpcErrorObject; id: JsonRpcId | null }

export type FrameParseOutcome = { ok: true; value: JsonRpcFrame } | ({ ok: false } & FrameParseFailure)

/** Reads one WebSocket text frame. Batches (arrays) are not part of the relay protocol and are refused. */
export function parseFrame(text: string): FrameParseOutcome {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return failure(PARSE_ERROR_CODE, 'Parse error: the frame is not valid JSON', null)
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return failure(INVALID_REQUEST_CODE, 'Invalid request: a frame must be a JSON object', null)
  const common = readCommonFrame(value)
  if (common) return { ok: true, value: common }
  const id = exactId(text, value)
  const record = { ...value, ...(id === undefined ? {} : { id }) }
  const replyId = JsonRpcIdSchema.safeParse(id).data ?? null

  if ('method' in record) {
    const parsed = JsonRpcRequestSchema.safeParse(record)
    if (!parsed.success)
      return failure(INVALID_REQUEST_CODE, `Invalid request: ${describeIssues(parsed.error)}`, replyId)
    return { ok: true, value: { kind: 'request', frame: parsed.data } }
  }
  if ('error' in record) {
    const parsed = JsonRpcErrorResponseSchema.safeParse(record)
    if (!parsed.success)
      return failure(INVALID_REQUEST_CODE, `Invalid error response: ${describeIssues(parsed.error)}`, replyId)
    return { ok: true, value: { kind: 'error', frame: parsed.data } }
  }
  if ('result' in record) {
    const parsed = JsonRpcResultSchema.safeParse(record)
    if (!parsed.success)
      return failure(INVALID_REQUEST_CODE, `Invalid response: ${describeIssues(parsed.error)}`, replyId)
    return { ok: true, value: { kind: 'result', frame: parsed.data } }
  }
  return failure(INVALID_REQUEST_CODE, 'Invalid request: no method, result or error', replyId)
}

/** Serializes a frame; a `bigint` id is written as the bare digits it was read from. */
export function encodeFrame(frame: JsonRpcRequest | JsonRpcResponse): string {
  const { id, ...rest } = frame
  const body = JSON.stringify(rest)
  return `{"id":${encodeId(id)},${body.slice(1)}`
}

export function requestFrame<Params>(id: JsonRpcId, method: string, params: Params): JsonRpcRequest<Params> {
  return { jsonrpc: '2.0', id, method, params }
}

export function resultFrame<Result>(id: JsonRpcId, result: Result): JsonRpcResult<Result> {
  return { jsonrpc: '2.0', id, result }
}

export function errorFrame(id: JsonRpcId | null, error: JsonRpcErrorObject): JsonRpcErrorResponse {
  return { jsonrpc: '2.0', id, error }
}

function encodeId(id: JsonRpcId | null): string {
  return typeof id === 'bigint' ? id.toString() : JSON.stringify(id)
}

function exactId(text: string, value: object): unknown {
  if (!('id' in value)) return undefined
  const id = value.id
  if (typeof id !== 'number' || Number.isSafeInteger(id)) return id
  const raw = rawTopLevelNumber(text, 'id')
  return raw !== undefined && /^-?\d+$/.test(raw) ? BigInt(raw) : id
}

function failure(code: number, message: string, id: JsonRpcId | null): { ok: false } & FrameParseFailure {
  return { ok: false, error: { code, message }, id }
}
