import { isAddressEqual } from 'viem'
import { typedDecimal } from '../ui/components/typedDecimal.js'
import { defaultSlippageBps } from './quoteMath.js'
import { isNativeToken, type SwapToken } from './types.js'

/** What the visitor has chosen so far; it travels with the routes between Swap, its token list and its preview. */
export type SwapDraft = {
  readonly from?: SwapToken
  readonly to?: SwapToken
  /** Decimal text as typed. */
  readonly amount: string
  readonly slippageBps: number
  /** Approve the router without limit instead of the exact amount (AppKit's 1inch default, here opt-in). */
  readonly unlimited: boolean
}

/** A draft complete enough to quote and preview. */
export type ReadyDraft = SwapDraft & { readonly from: SwapToken; readonly to: SwapToken }

const blankDraft: SwapDraft = { amount: '', slippageBps: defaultSlippageBps, unlimited: false }

/**
 * The draft Swap shows with `tokens`, the network's DEX tokens: the visitor's while each token it names is one
 * of them, else a fresh one (the native coin, or the first token, for the next). After a switch of network in
 * the wallet, the visitor's draft names the old network's tokens, which this network's DEX would be asked to
 * quote and swap.
 */
export function draftOn(draft: SwapDraft | undefined, tokens: readonly SwapToken[]): SwapDraft {
  const listed = (token: SwapToken | undefined) =>
    token === undefined || tokens.some((listedToken) => isAddressEqual(listedToken.address, token.address))
  if (draft && listed(draft.from) && listed(draft.to)) return draft
  const from = tokens.find(isNativeToken) ?? tokens[0]
  const to = tokens.find((token) => token !== from)
  return { ...blankDraft, ...(from ? { from } : {}), ...(to ? { to } : {}) }
}

/**
 * The slippage the visitor typed, a percentage written in `locale` (`0,5` in German), in basis points; what is
 * no number is NaN, which validSlippageBps refuses.
 */
export function typedSlippageBps(text: string, locale: string): number {
  return Math.round(Number(typedDecimal(text, locale)) * 100)
}
