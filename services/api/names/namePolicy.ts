import { normalize } from 'viem/ens'
import { namesErrors } from './errors.js'
import { namesLimits } from './limits.js'

export type ZoneName = {
  /** The normalised label, e.g. `alice-01`. */
  readonly label: string
  /** `<label>.<zone>`, normalised. */
  readonly name: string
}

/**
 * NAME-01: letters are ASCII A–Z and a–z only. ENSIP-15 alone would also take full-width, circled or
 * bold letters, ligatures and invisible characters (soft hyphen, word joiner) and map them onto a–z, so
 * the name registered would not be the text the wallet showed for signing.
 */
const allowedLabel = /^[A-Za-z0-9-]+$/

/** Lower case for A–Z alone: `toLowerCase` also maps some other letters onto ASCII (the Kelvin sign K to k). */
const asciiLowerCase = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase())

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
 * A label as the names service accepts it: letters A–Z and a–z, digits and hyphens, 4–63 characters, no
 * hyphen first or last, and one ENSIP-15 keeps as it is once in lower case (it refuses `ab--cd`), so
 * ENS clients resolve it. Returns it in lower case; throws the NamesError the modal shows.
 */
export function acceptedLabel(label: string): string {
  if ([...label].length < namesLimits.minLabelLength) throw namesErrors.tooShort()
  if (!allowedLabel.test(label)) throw namesErrors.invalidCharacters()
  if (label.length > namesLimits.maxLabelLength) throw namesErrors.tooLong()
  if (label.startsWith('-') || label.endsWith('-')) throw namesErrors.edgeHyphen()
  const lowered = asciiLowerCase(label)
  if (normalizedName(lowered) !== lowered) throw namesErrors.invalidCharacters()
  return lowered
}

/** The label of `name` when it ends with `.<zone>` in any case of A–Z, else undefined. */
export function labelInZone(name: string, zone: string): string | undefined {
  const suffix = `.${zone}`
  const cut = name.length - suffix.length
  return cut >= 0 && asciiLowerCase(name.slice(cut)) === suffix ? name.slice(0, cut) : undefined
}

/** A full name `<label>.<zone>` under the configured zone, its label accepted as above. */
export function acceptedZoneName(name: string, zone: string): ZoneName {
  if (name.length > namesLimits.maxNameLength) throw namesErrors.tooLong()
  const typed = labelInZone(name, zone)
  if (typed === undefined) {
    // A bare label gets its own reason first: it is what a user typed.
    if (!name.includes('.')) acceptedLabel(name)
    throw namesErrors.wrongZone(zone)
  }
  const label = acceptedLabel(typed)
  return { label, name: `${label}.${zone}` }
}

/** What `name` is stored as when it is a name the service registers, else undefined: lookups find no other. */
export function storedName(name: string, zone: string): string | undefined {
  try {
    return acceptedZoneName(name, zone).name
  } catch {
    return undefined
  }
}
