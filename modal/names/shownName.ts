import type { NameRecord } from './namesApi.js'

/**
 * A label as the names service stores it: a–z, 0–9 and hyphens, 4–63 characters, no hyphen first or last.
 * Capitals are typed but never stored, so a name in any other form did not come from a registration.
 */
const storedLabel = /^[a-z0-9][a-z0-9-]{2,61}[a-z0-9]$/

/**
 * Whether the modal may show `name` as an account's name: `<label>.<zone>` with a label as the service
 * stores it. A name is shown where the address would be, so one from an old or hostile api could
 * otherwise pass for someone else's (a Cyrillic `а`, bidi or zero-width controls, an address-like text).
 */
export function isShownName(name: string, zone: string): boolean {
  const suffix = `.${zone}`
  return name.endsWith(suffix) && storedLabel.test(name.slice(0, -suffix.length))
}

/** The record's name when it may be shown as `address`'s: a shown name that the record points at `address`. */
export function shownNameOf(record: NameRecord, address: string, zone: string): string | undefined {
  const pointsHere = Object.values(record.addresses).some(
    (entry) => entry.address.toLowerCase() === address.toLowerCase(),
  )
  return pointsHere && isShownName(record.name, zone) ? record.name : undefined
}
