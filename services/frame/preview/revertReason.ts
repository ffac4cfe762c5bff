import { decodeErrorResult, type Hex, isHex, slice } from 'viem'
import type { RevertReason } from './schemas.js'

const maxMessageLength = 300

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
 * node, which is no statement about the transaction.
 */
export function refusalReason(error: unknown): RevertReason | undefined {
  let answered = false
  let message: string | undefined
  let cause = error
  // Causes are followed a few levels only: a cyclic chain must not hang the frame.
  for (let depth = 0; depth < 8 && typeof cause === 'object' && cause !== null; depth++) {
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
