import { z } from 'zod'

export const maxBatchCalls = 100
/** Longest method name, and longest id when a string. */
const maxCallText = 128
/**
 * Deepest nesting of arrays and objects in a call's params. Real calls stay within a handful (eth_call's
 * state overrides, eth_getLogs' topics); a body of 64 KiB can nest thousands deep, which JSON.parse takes
 * but JSON.stringify, run on every forwarded call, overflows the stack on.
 */
export const maxParamsDepth = 32

/** Whether `value` nests arrays and objects at most `max` deep; walked without recursion, so no input overflows. */
function nestsAtMost(value: unknown, max: number): boolean {
  // Each array or object beside its depth, and nothing else: most params are a flat list, which pushes nothing.
  const stack: unknown[] = [value, 1]
  while (stack.length > 0) {
    const depth = stack.pop() as number
    const item = stack.pop()
    if (typeof item !== 'object' || item === null) continue
    if (depth > max) return false
    for (const child of Array.isArray(item) ? item : Object.values(item))
      if (typeof child === 'object' && child !== null) stack.push(child, depth + 1)
  }
  return true
}

/** One JSON-RPC 2.0 call as a client may send it through the proxy (notifications without an id are not). */
export const jsonRpcCallSchema = z.object({
  jsonrpc: z.literal('2.0'),
  // Numbers first: most clients number their calls, and a union's failed branch costs its issues.
  id: z.union([z.number(), z.string().max(maxCallText), z.null()]),
  method: z.string().min(1).max(maxCallText),
  params: z
    .union([z.array(z.unknown()), z.record(z.string(), z.unknown())])
    .refine((params) => nestsAtMost(params, maxParamsDepth), `nested over ${maxParamsDepth} deep`)
    .optional(),
})

export const jsonRpcBodySchema = z.union([
  jsonRpcCallSchema,
  z.array(jsonRpcCallSchema).min(1).max(maxBatchCalls),
])

export type JsonRpcCall = z.infer<typeof jsonRpcCallSchema>
export type JsonRpcBody = z.infer<typeof jsonRpcBodySchema>

/** A params object zod's record takes as it is: its `isPlainObject` reads a `constructor`, and it drops `__proto__`. */
function isPlainRecord(value: object): boolean {
  return (
    Object.getPrototypeOf(value) === Object.prototype &&
    !Object.hasOwn(value, 'constructor') &&
    !Object.hasOwn(value, '__proto__')
  )
}

/** Whether jsonRpcCallSchema takes `value` with nothing to strip or copy differently. */
function isPlainCall(value: unknown): value is JsonRpcCall {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const { jsonrpc, id, method, params } = value as Record<string, unknown>
  // No member besides the schema's: those the schema strips leave its answer other than the value.
  let members = 0
  for (const _ in value) members += 1
  return (
    members === (params === undefined ? 3 : 4) &&
    jsonrpc === '2.0' &&
    ((typeof id === 'number' && Number.isFinite(id)) ||
      (typeof id === 'string' && id.length <= maxCallText) ||
      id === null) &&
    typeof method === 'string' &&
    method.length >= 1 &&
    method.length <= maxCallText &&
    (params === undefined ||
      ((Array.isArray(params) || (typeof params === 'object' && params !== null && isPlainRecord(params))) &&
        nestsAtMost(params, maxParamsDepth)))
  )
}

/**
 * Whether jsonRpcBodySchema takes the parsed JSON `value` as it is, so that `value` is the body: zod's parse
 * copies every call, and on the proxy, where it ran for every request, took about a microsecond of each. False
 * leaves `value` to the schema, which takes or refuses it in its own words: the two never disagree on what a
 * body may be (test/services/api/rpcProxy/jsonRpcBody.test.ts).
 */
export function isPlainJsonRpcBody(value: unknown): value is JsonRpcBody {
  if (!Array.isArray(value)) return isPlainCall(value)
  return value.length >= 1 && value.length <= maxBatchCalls && value.every(isPlainCall)
}

export type JsonRpcAnswer = { jsonrpc: '2.0'; id: JsonRpcCall['id'] } & (
  | { result: unknown }
  | { error: { code: number; message: string } }
)
