import { assertContractDecimals, type DecimalsOf, type ListedToken } from '../send/decimals.js'
import { isNativeToken, type SwapQuoteParams, type SwapToken } from './types.js'

/**
 * Refuses (TokenDecimalsError) a swap of a token whose contract reports other decimals than its list gives.
 * The amount paid, the balance, the amount received and the minimum are all scaled by the list's: 6 listed
 * for an 18-decimal token shows dust as 100, 18 for a 6-decimal one pays a trillion times what was typed.
 */
export async function assertListedDecimals(
  decimalsOf: DecimalsOf,
  params: Pick<SwapQuoteParams, 'from' | 'to'>,
): Promise<void> {
  await Promise.all(
    [params.from, params.to].map((token) => assertContractDecimals(decimalsOf, listed(token))),
  )
}

/** The native coin has no contract: its decimals are the network's. */
const listed = (token: SwapToken): ListedToken => ({
  symbol: token.symbol,
  decimals: token.decimals,
  ...(isNativeToken(token) ? {} : { contract: token.address }),
})
