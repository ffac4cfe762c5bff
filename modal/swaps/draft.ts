import type { SwapToken } from './types.js'

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
