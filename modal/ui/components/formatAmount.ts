/** The least four decimals show; a smaller non-zero amount reads "< 0.0001" in the locale's digits. */
const smallestShown = '0.0001'

export type AmountOptions = {
  /** Decimals always written, padded with zeros (the token lists write 1.50 and 0.00). */
  minimumFractionDigits?: number
}

/**
 * An amount of a token or native currency as the modal shows it in `locale`: that locale's digits, grouping
 * and decimal separator, at most four decimals, cut (not rounded, so a balance never reads more than it is),
 * and "< 0.0001" for a non-zero amount four decimals would show as zero. `decimal` is a plain decimal string
 * (viem's formatUnits, a token's quantity): Intl formats a string exactly, so a balance too large for a
 * Number keeps every digit.
 */
export function formatAmount(
  decimal: string,
  locale: string | undefined,
  options: AmountOptions = {},
): string {
  const number = new Intl.NumberFormat(locale, {
    minimumFractionDigits: options.minimumFractionDigits ?? 0,
    maximumFractionDigits: 4,
    roundingMode: 'trunc',
  })
  const shown = number.format(decimal as `${number}`)
  return shown === number.format(0) && /[1-9]/.test(decimal) ? `< ${number.format(smallestShown)}` : shown
}
