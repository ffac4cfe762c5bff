import { decodeErrorResult, type Hex, isHex, parseAbi, slice } from 'viem'
import { ChainUnreachable } from './request.js'
import type { RevertReason } from './schemas.js'

const maxMessageLength = 300

/**
 * How BaseAccount (@account-abstraction/contracts 0.8: Simple7702Account, SimpleAccount) names a failing
 * call; its `bytes error` is renamed, `error` being a word the ABI parser keeps (the selector is the same).
 */
const executeErrorAbi = parseAbi(['error ExecuteError(uint256 index, bytes reason)'])

/** What a revert's data says: `Error(string)`'s text, the panic code, or the custom error's selector. */
export function revertReasonOf(data: Hex): RevertReason {
  if (data.length < 10) return { message: 'execution reverted', data }
  const selector = slice(data, 0, 4)
  try {
    const { errorName, args } = decodeErrorResult({ data })
    const message = errorName === 'Panic' ? `Panic(0x${(args[0] as bigint).toString(16)})` : String(args[0])
    return { message: message.slice(0, maxMessageLength), selector, data }
  } catch {
    return { message: `custom error ${selector}`, selector, data }
  }
}

/**
 * The reason in a JSON-RPC error the node answered (it carries a numeric `code`, on the error or one of
 * its causes): its revert data decoded, else the node's words. Undefined for a failure to reach the
 * node, which is no statement about the transaction, even where a client wrapping it gave it a code (viem
 * makes an UnknownRpcError, code -1, of a ChainUnreachable).
 */
export function refusalReason(error: unknown): RevertReason | undefined {
  let answered = false
  let message: string | undefined
  let cause = error
  // Causes are followed a few levels only: a cyclic chain must not hang the frame.
  for (let depth = 0; depth < 8 && typeof cause === 'object' && cause !== null; depth++) {
    if (cause instanceof ChainUnreachable) return undefined
    const fields = cause as {
      code?: unknown
      data?: unknown
      details?: unknown
      message?: unknown
      cause?: unknown
    }
    if (isHex(fields.data, { strict: true })) return revertReasonOf(fields.data)
    answered ||= typeof fields.code === 'number'
    message ??= typeof fields.details === 'string' ? fields.details : undefined
    message ??= typeof fields.message === 'string' ? fields.message : undefined
    cause = fields.cause
  }
  return answered ? { message: (message ?? 'execution reverted').slice(0, maxMessageLength) } : undefined
}

/**
 * Which call of an account's executeBatch of `calls` calls fails, counted from 0, and that call's own reason,
 * read from the batch's refusal: BaseAccount wraps the failing call's revert in ExecuteError when the batch
 * has more than one call, and passes a single call's revert on as it is. Undefined for any other reason.
 */
export function failedBatchCall(
  reason: RevertReason,
  calls: number,
): { call: number; reason: RevertReason } | undefined {
  if (calls < 2 || reason.data === undefined) return undefined
  try {
    const { args } = decodeErrorResult({ abi: executeErrorAbi, data: reason.data })
    const [index, data] = args
    return index < BigInt(calls) ? { call: Number(index), reason: revertReasonOf(data) } : undefined
  } catch {
    return undefined
  }
}
