/**
 * An amount the visitor typed in `locale`, as the plain decimal parsers read (`0.5`). formatAmount shows
 * amounts in the locale's digits and decimal separator (`0,5` in German, `٠٫٥` in Egyptian Arabic), and a
 * phone's decimal keypad offers that separator alone, so both are read as ASCII digits and a point. A point
 * stays the decimal point in every locale: Max writes one, and amounts pasted from elsewhere have one. A
 * comma that groups thousands in the locale (`1,000` in English) is left as written for the parser to refuse,
 * rather than read as a decimal point a thousand times too small.
 */
export function typedDecimal(text: string, locale: string): string {
  const format = new Intl.NumberFormat(locale, { useGrouping: false })
  const digits = Array.from({ length: 10 }, (_, digit) => format.format(digit))
  const decimal = format.formatToParts(0.5).find((part) => part.type === 'decimal')?.value
  return Array.from(text, (char) => {
    const digit = digits.indexOf(char)
    return digit >= 0 ? String(digit) : char === decimal ? '.' : char
  }).join('')
}
