import { normalize } from 'viem/ens'
import { namesErrors } from './errors.js'
import { namesLimits } from './limits.js'

export type ZoneName = {
  /** The normalised label, e.g. `alice-01`. */
  readonly label: string
  /** `<label>.<zone>`, normalised. */
  readonly name: string
}

const allowedLabel = /^[a-z0-9-]+$/

/** ENSIP-15 normalisation, or undefined for anything it refuses (spaces, `xn--…`, empty labels, …). */
export function normalizedName(name: string): string | undefined {
  if (name.length === 0 || name.length > namesLimits.maxNameLength) return undefined
  try {
    return normalize(name)
  } catch {
    return undefined
  }
}

/**
 * A label as the names service accepts it: ENSIP-15 normalised, then letters a–z, digits and hyphens,
 * 4–63 characters, no hyphen first or last. Throws the NamesError the modal shows.
 */
export function acceptedLabel(label: string): string {
  if ([...label].length < namesLimits.minLabelLength) throw namesErrors.tooShort()
  const normalized = label.includes('.') ? undefined : normalizedName(label)
  if (normalized === undefined || !allowedLabel.test(normalized)) throw namesErrors.invalidCharacters()
  if (normalized.length < namesLimits.minLabelLength) throw namesErrors.tooShort()
  if (normalized.length > namesLimits.maxLabelLength) throw namesErrors.tooLong()
  if (normalized.startsWith('-') || normalized.endsWith('-')) throw namesErrors.edgeHyphen()
  return normalized
}

/** A full name `<label>.<zone>` under the configured zone, its label accepted as above. */
export function acceptedZoneName(name: string, zone: string): ZoneName {
  const suffix = `.${zone}`
  if (name.length > namesLimits.maxNameLength) throw namesErrors.tooLong()
  if (!name.toLowerCase().endsWith(suffix)) {
    // A bare label gets its own reason first: it is what a user typed.
    if (!name.includes('.')) acceptedLabel(name)
    throw namesErrors.wrongZone(zone)
  }
  const label = acceptedLabel(name.slice(0, -suffix.length))
  return { label, name: `${label}${suffix}` }
}
