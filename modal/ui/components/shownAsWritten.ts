import { showsAsWritten } from '@pairwise/common'

/**
 * Longest token name or symbol kept, as for a wallet's name (MAX_WALLET_NAME_LENGTH) and an EIP-7811 asset's
 * label: real ones are well under it, and a token's contract names it, so an airdropped token could otherwise
 * put megabytes in every list that shows it and in the balance cache, in the host page's storage.
 */
export const MAX_TOKEN_LABEL_LENGTH = 64

/**
 * Whether a token's name and symbol, which an api answer or a token contract chose, show as they are written:
 * a U+202E in a symbol reverses the amount a text puts after it ("Not enough X: the balance is 001"), a
 * zero-width character makes two different tokens look the same, and a label longer than a row is cut off.
 */
export function shownAsWritten(token: { readonly name: string; readonly symbol: string }): boolean {
  return [token.name, token.symbol].every(
    (label) => label.length <= MAX_TOKEN_LABEL_LENGTH && showsAsWritten(label),
  )
}
