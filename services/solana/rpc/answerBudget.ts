import { solanaLimits } from '../limits.js'
import { rpcErrorCodes, SolanaRpcError } from '../rpcError.js'

/** Which cap an answer met: one call's, or the batch's it belongs to. */
export type AnswerScope = 'call' | 'batch'

/**
 * The answer's refusal, -32600 as the real RPC refuses an answer too large in base58. It names the cap,
 * so a client knows to ask for less (or, in a batch, to send the rest in another request).
 */
export function answerTooLarge(scope: AnswerScope, bytes: number): SolanaRpcError {
  return scope === 'call'
    ? new SolanaRpcError(
        rpcErrorCodes.invalidRequest,
        `Answer too large: it would be about ${bytes} bytes, and one call's answer is at most ` +
          `${solanaLimits.maxCallAnswerBytes} bytes; ask for fewer or smaller accounts`,
      )
    : new SolanaRpcError(
        rpcErrorCodes.invalidRequest,
        `Answer too large: it would take the batch's answer past ${solanaLimits.maxBatchAnswerBytes} bytes, ` +
          'the most one batch is answered with; send this call in another request',
      )
}

/**
 * The bytes one call's answer may take. Methods that answer account data charge what they are about to
 * encode before encoding it, so an answer over the cap is refused before it takes any memory.
 */
export class AnswerBudget {
  private spent = 0

  constructor(
    readonly limitBytes: number,
    readonly scope: AnswerScope,
  ) {}

  charge(bytes: number): void {
    if (this.spent + bytes > this.limitBytes) throw answerTooLarge(this.scope, this.spent + bytes)
    this.spent += bytes
  }
}
