/**
 * Whether `amount`, a decimal number as written, has digits other than trailing zeros past `decimals`
 * places: parsing it into the smallest unit would round them away, and other than what was written be sent.
 */
export function finerThan(amount: string, decimals: number): boolean {
  return (amount.trim().split('.')[1] ?? '').replace(/0+$/, '').length > decimals
}
