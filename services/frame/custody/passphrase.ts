import { type PassphraseProblem, WeakPassphraseError } from './errors.js'

/**
 * The recovery blob sits on the auth server beside the auth share, so after a breach of its database and
 * KEK the passphrase is all that stands between an attacker and the key, and the guessing is offline.
 * PBKDF2 at 600k iterations costs about 2^19 hashes per guess. NIST SP 800-63B-4 asks 15 characters of a
 * password that is the only factor and 8 of one inside multi-factor; here the attacker needs the database
 * and the KEK before guessing starts, so the floor sits between, at 12, above the 8-character passwords
 * that breach lists are made of.
 */
export const MIN_PASSPHRASE_LENGTH = 12
/** 'aaaaaaaaaaaa' and '121212121212' pass a length check and fall to the first guesses an attacker tries. */
export const MIN_PASSPHRASE_DISTINCT_CHARACTERS = 5

const problemTexts: Record<PassphraseProblem, string> = {
  TOO_SHORT: `Use at least ${MIN_PASSPHRASE_LENGTH} characters`,
  TOO_REPETITIVE: `Use at least ${MIN_PASSPHRASE_DISTINCT_CHARACTERS} different characters`,
}

/**
 * NFKC so that the same passphrase typed on another keyboard or OS (composed or decomposed accents,
 * full-width digits) derives the same key; length is counted in code points, as a person counts.
 */
export function normalizePassphrase(passphrase: string): string {
  return passphrase.normalize('NFKC')
}

/** For the form: what is wrong with a passphrase, or undefined when it is strong enough to lock with. */
export function passphraseProblem(passphrase: string): PassphraseProblem | undefined {
  const characters = Array.from(normalizePassphrase(passphrase))
  if (characters.length < MIN_PASSPHRASE_LENGTH) return 'TOO_SHORT'
  if (new Set(characters).size < MIN_PASSPHRASE_DISTINCT_CHARACTERS) return 'TOO_REPETITIVE'
  return undefined
}

export function assertStrongPassphrase(passphrase: string): void {
  const problem = passphraseProblem(passphrase)
  if (problem) throw new WeakPassphraseError(problem, problemTexts[problem])
}
