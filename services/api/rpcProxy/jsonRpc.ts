import { z } from 'zod'

export const maxBatchCalls = 100
/**
 * Deepest nesting of arrays and objects in a call's params. Real calls stay within a handful (eth_call's
 * state overrides, eth_getLogs' topics); a body of 64 KiB can nest thousands deep, which JSON.parse takes
 * but JSON.stringify, run on every forwarded call, overflows the stack on.
 */
export const maxParamsDepth = 32

/** Whether `value` nests arrays and objects at most `max` deep; walked without recursion, so no input overflows. */
function nestsAtMost(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]]
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [item, depth] = next
    if (typeof item !== 'object' || item === null) continue
    if (depth > max) return false
    for (const child of Object.values(item)) stack.push([child, depth + 1])
  }
  return true
}

/** One JSON-RPC 2.0 call as a client may send it through the proxy (notifications without an id are not). */
export const jsonRpcCallSchema = z.object({
  jsonrpc: z.literal('2.0'),
  // Numbers first: most clients number their calls, and a union's failed branch costs its issues.
  id: z.union([z.number(), z.string().max(128), z.null()]),
  method: z.string().min(1).max(128),
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
export type JsonRpcAnswer = { jsonrpc: '2.0'; id: JsonRpcCall['id'] } & (
  | { result: unknown }
  | { error: { code: number; message: string } }
)
