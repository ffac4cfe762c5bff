import { stringifyJson } from '../json.js'
import { solanaLimits } from '../limits.js'
import { AnswerBudget, type AnswerScope, answerTooLarge } from './answerBudget.js'
import type { CallContext } from './context.js'
import { answerCall, failure, idOf } from './dispatch.js'

/**
 * A batch call starts only while this much of the batch's budget is left. Below it, the calls left are
 * refused unrun, so a call with an effect (sendTransaction, requestAirdrop: answers under 1 KiB) is never
 * refused after it ran, and the refusals of up to 100 calls (about 200 bytes each, plus the ids they echo,
 * all from a 50 KiB body) still fit in the batch's cap.
 */
const BATCH_CALL_ROOM_BYTES = 128 * 1024

/** One call's JSON answer within `limitBytes`: its result, or the refusal naming the cap it met. */
function answerWithin(context: CallContext, call: unknown, limitBytes: number, scope: AnswerScope): string {
  const text = stringifyJson(answerCall(context, call, new AnswerBudget(limitBytes, scope)))
  const bytes = Buffer.byteLength(text)
  // Methods charge the budget for account data before encoding it; this catches every other answer.
  return bytes > limitBytes ? stringifyJson(failure(answerTooLarge(scope, bytes), idOf(call))) : text
}

/** A single call's answer: at most `maxCallAnswerBytes`. */
export function answerSingle(context: CallContext, call: unknown): string {
  return answerWithin(context, call, solanaLimits.maxCallAnswerBytes, 'call')
}

/**
 * A batch's answer, one entry per call in order: each call within `maxCallAnswerBytes`, and the whole
 * within `maxBatchAnswerBytes`; the calls that would take it past that are refused, naming the cap.
 */
export function answerBatch(context: CallContext, calls: readonly unknown[]): string {
  // The brackets and the commas between answers.
  let left = solanaLimits.maxBatchAnswerBytes - 1 - calls.length
  const answers = calls.map((call) => {
    const room = left - BATCH_CALL_ROOM_BYTES
    const text =
      room <= 0
        ? stringifyJson(failure(answerTooLarge('batch', solanaLimits.maxBatchAnswerBytes), idOf(call)))
        : room < solanaLimits.maxCallAnswerBytes
          ? answerWithin(context, call, room, 'batch')
          : answerWithin(context, call, solanaLimits.maxCallAnswerBytes, 'call')
    left -= Buffer.byteLength(text)
    return text
  })
  return `[${answers.join(',')}]`
}
