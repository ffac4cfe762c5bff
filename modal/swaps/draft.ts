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
 * Whether each token `draft` names is one of `tokens`, the network's DEX tokens, as they are listed there.
 * After a switch of network in the wallet the draft names the old network's tokens: the native coin has one
 * address on every network, and a token may share its address with another's, so by the address alone 100
 * POL typed on Polygon were quoted, shown and paid as 100 ETH on Ethereum. The name, symbol and decimals they
 * are shown and scaled by must be this network's too.
 */
export function draftListed(draft: SwapDraft, tokens: readonly SwapToken[]): boolean {
  const listed = (token: SwapToken | undefined) =>
    token === undefined ||
    tokens.some(
      (listedToken) =>
        isAddressEqual(listedToken.address, token.address) &&
        listedToken.symbol === token.symbol &&
        listedToken.name === token.name &&
        listedToken.decimals === token.decimals,
    )
  return listed(draft.from) && listed(draft.to)
}

/**
 * The draft Swap shows with `tokens`, the network's DEX tokens: the visitor's while it is listed there
 * (draftListed), else a fresh one (the native coin, or the first token, for the next).
 */
export function draftOn(draft: SwapDraft | undefined, tokens: readonly SwapToken[]): SwapDraft {
  if (draft && draftListed(draft, tokens)) return draft
  const from = tokens.find(isNativeToken) ?? tokens[0]
  const to = tokens.find((token) => token !== from)
  return { ...blankDraft, ...(from ? { from } : {}), ...(to ? { to } : {}) }
}

/** Digits with at most one decimal point: `0.5`, `.5`, `1.`. */
const plainPercent = /^(\d+\.?\d*|\.\d+)$/

/**
 * The slippage the visitor typed, a percentage written in `locale` (`0,5` in German), in basis points; what is
 * no plain decimal number is NaN, which validSlippageBps refuses. Number alone would read `0x10` as 16 % and
 * `1e1` as 10 %, neither what the field shows.
 */
export function typedSlippageBps(text: string, locale: string): number {
  const written = typedDecimal(text.trim(), locale)
  return plainPercent.test(written) ? Math.round(Number(written) * 100) : Number.NaN
}
