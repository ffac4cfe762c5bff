import { typedDecimal } from '../ui/components/typedDecimal.js'

/** An amount as the providers take it: up to 9 whole digits and 2 decimals, after a point. */
const amountPattern = /^\d{1,9}(\.\d{1,2})?$/

/**
 * The payment amount the visitor typed, written in `locale` (`50,25` in German), as the providers take it
 * (`50.25`); undefined while it is no such amount.
 */
export function typedPaymentAmount(text: string, locale: string): string | undefined {
  const written = typedDecimal(text.trim(), locale)
  return amountPattern.test(written) ? written : undefined
}
