/** Decimal text with at most 2 decimals ('50', '50.5', '7500.00') as integer cents. */
export function parseCents(text: string): bigint {
  const [whole = '0', fraction = ''] = text.split('.')
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'))
}

/** Cents as plain decimal text: 1050n → '10.50'. */
export function centsText(cents: bigint): string {
  const whole = cents / 100n
  return `${whole}.${(cents % 100n).toString().padStart(2, '0')}`
}

/** Cents as the limits are shown to people: 750000n → '7,500.00'. */
export function centsGrouped(cents: bigint): string {
  const [whole = '0', fraction] = centsText(cents).split('.')
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`
}

/** `value × basisPoints / 10,000`, rounded up to the cent. */
export function basisPointsUp(value: bigint, basisPoints: bigint): bigint {
  return (value * basisPoints + 9_999n) / 10_000n
}
