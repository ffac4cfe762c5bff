export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address
}

/** A balance for display: at most 4 decimals, trailing zeros dropped. */
export function shortBalance(balance: string): string {
  const [whole, fraction = ''] = balance.split('.')
  const trimmed = fraction.slice(0, 4).replace(/0+$/, '')
  return trimmed ? `${whole}.${trimmed}` : (whole ?? balance)
}
