/** A USD value in the reader's locale, e.g. $1,234.56. */
export function usdValue(value: number, locale: string | undefined): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(value)
}

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
]

/** How long ago `timestamp` (unix seconds) was at `nowMs`, in the reader's locale: "5 minutes ago", "now". */
export function relativeTime(timestamp: number, nowMs: number, locale: string | undefined): string {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })
  const ago = Math.max(0, Math.floor(nowMs / 1000 - timestamp))
  const [unit, seconds] = units.find(([, size]) => ago >= size) ?? ['second', 1]
  return format.format(-Math.floor(ago / seconds), unit)
}
