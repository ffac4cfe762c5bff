import { isAddress } from '@solana/kit'
import { z } from 'zod'
import type { WindowBudget } from '../../kit/index.js'
import type { SolanaLedger } from '../ledger.js'
import { invalidParams } from '../rpcError.js'
import type { AnswerBudget } from './answerBudget.js'

/** What every method handler reads: the chain and its identity, and the lamports airdropped per client. */
export type RpcContext = { ledger: SolanaLedger; genesisHash: string; airdrops: WindowBudget }

/** The context of one request: who asks, by the key its per-client budgets count it under. */
export type CallContext = RpcContext & { client: string }

/**
 * A method: validated positional params in, the JSON `result` out; throws SolanaRpcError. One that
 * answers account data charges `budget` before encoding it.
 */
export type RpcMethod = (context: CallContext, params: unknown[], budget: AnswerBudget) => unknown

/** The version this chain reports (getVersion and every response context). */
export const solanaCoreVersion = '3.0.0'

export const addressParam = z.string().refine(isAddress, 'Invalid param: Invalid')

export const commitmentParam = z.enum(['processed', 'confirmed', 'finalized']).optional()

/** The config object most methods take; fields this chain has no use for are accepted and ignored. */
export const commitmentConfig = z
  .looseObject({ commitment: commitmentParam, minContextSlot: z.number().int().nonnegative().optional() })
  .optional()

/** Params of a method whose only argument is an optional config (zod's tuple would require it). */
export const onlyCommitmentConfig = z.union([z.tuple([]), z.tuple([commitmentConfig])])

export const accountEncodingParam = z.enum(['binary', 'base58', 'base64', 'base64+zstd', 'jsonParsed'])

/** Validates positional params, answering -32602 with the first problem as the real RPC does. */
export function parseParams<T extends z.ZodType>(schema: T, params: unknown[]): z.infer<T> {
  const parsed = schema.safeParse(params)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  const where = issue?.path.length ? `param ${issue.path.join('.')}: ` : ''
  throw invalidParams(`${where}${issue?.message ?? 'invalid'}`)
}

/** The `{ context, value }` wrapper of the RPC's context-bearing methods. */
export function withContext<T>(
  context: RpcContext,
  value: T,
): { context: { apiVersion: string; slot: number }; value: T } {
  return { context: { apiVersion: solanaCoreVersion, slot: context.ledger.slot() }, value }
}
