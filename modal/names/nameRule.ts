import type { NamesErrorCode } from './errors.js'

/** NAME-02 */
export const minNameLength = 4

/**
 * NAME-01: "letters" are read as ASCII a–z and A–Z only, as AppKit's `/^[a-zA-Z0-9-]{4,}$/` has them; a
 * letter outside ASCII (é, ß, а) is refused, so ENS normalisation keeps what the visitor types but for the
 * case of A–Z, which it lowers.
 */
const allowed = /^[a-zA-Z0-9-]+$/

export type NameRuleIssue = Extract<NamesErrorCode, 'TOO_SHORT' | 'INVALID_CHARACTERS' | 'ALREADY_OWNS'>

/**
 * Why `label` (what the visitor typed, without the zone) cannot be registered, or undefined when it can:
 * an account that has a name already gets no second one; then the length, then the characters.
 */
export function nameRuleIssue(label: string, profileName?: string): NameRuleIssue | undefined {
  if (profileName) return 'ALREADY_OWNS'
  if (label.length < minNameLength) return 'TOO_SHORT'
  if (!allowed.test(label)) return 'INVALID_CHARACTERS'
  return undefined
}
