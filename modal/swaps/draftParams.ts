import { finerThan } from '../controllers/finerThan.js'
import { typedDecimal } from '../ui/components/typedDecimal.js'
import type { SwapDraft } from './draft.js'
import { validSlippageBps } from './quoteMath.js'
import type { KitSwapWallet } from './swapWallet.js'
import type { SwapQuoteParams } from './types.js'

/**
 * The draft's quote parameters, or the first thing that keeps it from being quoted. The amount is read as
 * written in the visitor's `locale` (`0,5` in German).
 */
export function draftParams(
  draft: SwapDraft,
  wallet: Pick<KitSwapWallet, 'account' | 'chainId' | 'parseAmount'>,
  balance: bigint | undefined,
  locale: string,
):
  | { params: SwapQuoteParams }
  | { issue: 'amount' | 'decimals' | 'balance' | 'slippage' | 'sameToken' | 'none' } {
  const { from, to } = draft
  if (!from || !to || draft.amount.trim() === '') return { issue: 'none' }
  if (from.address === to.address) return { issue: 'sameToken' }
  if (!validSlippageBps(draft.slippageBps)) return { issue: 'slippage' }
  const written = typedDecimal(draft.amount.trim(), locale)
  const amount = wallet.parseAmount(written, from.decimals)
  if (amount === undefined || amount <= 0n) return { issue: 'amount' }
  if (finerThan(written, from.decimals)) return { issue: 'decimals' }
  if (balance !== undefined && amount > balance) return { issue: 'balance' }
  return {
    params: {
      chainId: wallet.chainId,
      from,
      to,
      amount: amount.toString(),
      userAddress: wallet.account,
      slippageBps: draft.slippageBps,
    },
  }
}
