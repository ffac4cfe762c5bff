import * as z from 'zod/mini'
import type { ApiClient } from './client.js'

const hash32 = z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/))

/** A UserOperation's receipt as ERC-4337 bundlers give it; null while the operation is not yet mined. */
export const userOperationReceiptSchema = z.nullable(
  z.looseObject({ userOpHash: hash32, success: z.boolean(), receipt: z.looseObject({}) }),
)

const bundlerAnswerSchema = z.union([
  z.object({ jsonrpc: z.literal('2.0'), result: userOperationReceiptSchema }),
  z.object({ jsonrpc: z.literal('2.0'), error: z.object({ code: z.number(), message: z.string() }) }),
])

export type UserOperationReceipt = z.output<typeof userOperationReceiptSchema>

export type UserOperationReceiptQuery = {
  /** The CAIP-2 chain the operation was sent on. */
  chainId: string
  /** The bundler's name as the wallet gave it (the session's `bundler_name`). */
  bundler: string
  /** The wallet request asking for the status (`wallet_getCallsStatus`): its first param is the batch id. */
  params: readonly unknown[]
}

/**
 * `POST /v1/bundler`: `eth_getUserOperationReceipt` of the request's first param, asked of the bundler the
 * api configures under that name for the chain. A bundler's refusal rejects with its message.
 */
export async function fetchUserOperationReceipt(
  api: ApiClient,
  { chainId, bundler, params }: UserOperationReceiptQuery,
): Promise<UserOperationReceipt> {
  const call = { jsonrpc: '2.0', id: 1, method: 'eth_getUserOperationReceipt', params: [params[0]] }
  const answer = await api.post('/v1/bundler', { chainId, bundler }, call, bundlerAnswerSchema)
  if ('error' in answer) throw new Error(`the bundler refused: ${answer.error.message}`)
  return answer.result
}
