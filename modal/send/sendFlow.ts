import type { Hex } from 'viem'
import type { ReplacementReason } from '../adapters/eip155/walletActions.js'
import type { Fee } from './fee.js'
import type { SendChain } from './sendChain.js'
import type { Transfer } from './transfer.js'

/**
 * Where a send stands: the wallet asked, then the transaction awaited, then mined. A transaction the wallet
 * replaced while awaited (PROV-05) is followed to its replacement: a repriced one is still this send
 * (success, reported as repriced); a cancelled or otherwise replaced one did not send what was asked.
 */
export type SendStatus =
  | { phase: 'signing' }
  | { phase: 'pending'; hash: Hex; replaced?: ReplacementReason }
  | { phase: 'success'; hash: Hex; replaced?: 'repriced' }
  | { phase: 'replaced'; hash: Hex; reason: Exclude<ReplacementReason, 'repriced'> }
  | { phase: 'failed'; error: unknown; hash?: Hex }

/** Runs one send at the fee reviewed, reporting each status as it is reached; resolves with the last. */
export async function runSend(
  chain: SendChain,
  transfer: Transfer,
  fee: Fee,
  report: (status: SendStatus) => void,
): Promise<SendStatus> {
  const settle = (status: SendStatus) => {
    report(status)
    return status
  }
  report({ phase: 'signing' })
  let hash: Hex
  try {
    hash = await chain.send(transfer, fee)
  } catch (error) {
    return settle({ phase: 'failed', error })
  }
  let replaced: ReplacementReason | undefined
  report({ phase: 'pending', hash })
  try {
    const receipt = await chain.waitForReceipt(hash, ({ reason, transaction }) => {
      replaced = reason
      report({ phase: 'pending', hash: transaction.hash, replaced: reason })
    })
    if (replaced === undefined) return settle({ phase: 'success', hash: receipt.transactionHash })
    if (replaced === 'repriced')
      return settle({ phase: 'success', hash: receipt.transactionHash, replaced: 'repriced' })
    return settle({ phase: 'replaced', hash: receipt.transactionHash, reason: replaced })
  } catch (error) {
    return settle({ phase: 'failed', error, hash })
  }
}
