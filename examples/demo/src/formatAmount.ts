import { formatAmount as formatDecimal } from '@pairwise/modal'
import { formatUnits } from 'viem'

/**
 * An on-chain amount in the network's units and symbol, written the way the modal writes it (at most four
 * decimals, the reader's separators, "< 0.0001" below that): 10000000000000000000000n → "10,000 tETH" in
 * en-US, "10.000 tETH" in de-DE. Formatted from viem's exact decimal string, never through a Number of wei,
 * so large balances keep every digit.
 */
export function formatAmount(
  value: bigint,
  currency: { decimals: number; symbol: string },
  locale: string | undefined,
): string {
  return `${formatDecimal(formatUnits(value, currency.decimals), locale)} ${currency.symbol}`
}
