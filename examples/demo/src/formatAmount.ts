import { shortBalance } from 'pairwise/modal'
import { formatUnits } from 'viem'

/** The least the modal's four decimals can show; a smaller non-zero amount reads "< 0.0001". */
const smallestShown = '0.0001'

/**
 * An on-chain amount in the network's units and symbol, cut the way the modal's Account view cuts it (at
 * most four decimals), with the reader's separators: 10000000000000000000000n → "10,000 tETH" in en-US,
 * "10.000 tETH" in de-DE. Formatted from viem's exact decimal string, never through a Number of wei, so
 * large balances keep every digit.
 */
export function formatAmount(
  value: bigint,
  currency: { decimals: number; symbol: string },
  locale: string | undefined,
): string {
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 4 })
  // shortBalance keeps viem's digits as they are: a plain decimal string, which Intl formats exactly.
  const shown = shortBalance(formatUnits(value, currency.decimals)) as `${number}`
  if (value > 0n && shown === '0') return `< ${number.format(smallestShown)} ${currency.symbol}`
  return `${number.format(shown)} ${currency.symbol}`
}
