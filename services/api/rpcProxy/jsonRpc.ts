import { z } from 'zod'

export const maxBatchCalls = 100

/** One JSON-RPC 2.0 call as a client may send it through the proxy (notifications without an id are not). */
export const jsonRpcCallSchema = z.object({
  jsonrpc: z.literal('2.0'),
  // Numbers first: most clients number their calls, and a union's failed branch costs its issues.
  id: z.union([z.number(), z.string().max(128), z.null()]),
  method: z.string().min(1).max(128),
  params: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]).optional(),
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
