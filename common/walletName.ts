import { showsAsWritten } from './showsAsWritten.js'

/**
 * Longest wallet name shown, measured as given so that padding counts: real names are well under 30
 * characters, and a name is shown in one list row.
 */
export const MAX_WALLET_NAME_LENGTH = 64

/**
 * Why `name` may not be shown as a wallet's name, or undefined when it may: the modal's rule for every wallet
 * it lists, and the api's for the registry it serves. An invisible character would let a name look like a
 * known wallet's while an `excludeWalletIds` entry naming that wallet does not match it.
 */
export function walletNameRefusal(name: unknown): string | undefined {
  if (typeof name !== 'string') return 'a name that is not text'
  if (name.trim() === '') return 'a blank name'
  if (!showsAsWritten(name)) return 'a name with control, bidi or invisible characters'
  return name.length > MAX_WALLET_NAME_LENGTH
    ? `a name longer than ${MAX_WALLET_NAME_LENGTH} characters`
    : undefined
}
