import { type PassphraseProblem, WeakPassphraseError } from './errors.js'

/**
 * Guessing now goes through the auth server, at most 5 guesses before a pause that doubles up to a day
 * (services/auth/recoveryGuard.ts), so a read mailbox alone checks no guess offline. The passphrase is
 * still what stands between a thief of the server's database and KEK (which hold the OPRF keys) and the
 * key, so the floor is NIST SP 800-63B-4's for a password that is the only factor: 15 characters.
 */
export const MIN_PASSPHRASE_LENGTH = 15
/** 'aaaaaaaaaaaaaaa' and '121212121212121' pass a length check and fall to the first guesses an attacker tries. */
export const MIN_PASSPHRASE_DISTINCT_CHARACTERS = 6

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
