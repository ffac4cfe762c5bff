import { showsAsWritten } from '@pairwise/common'

/**
 * Whether a token's name and symbol, which an api answer or a token contract chose, show as they are written:
 * a U+202E in a symbol reverses the amount a text puts after it ("Not enough X: the balance is 001"), and a
 * zero-width character makes two different tokens look the same.
 */
export function shownAsWritten(token: { readonly name: string; readonly symbol: string }): boolean {
  return showsAsWritten(token.name) && showsAsWritten(token.symbol)
}
