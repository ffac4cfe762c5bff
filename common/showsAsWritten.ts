/**
 * Characters that change how the text around them reads without being seen: controls, format characters
 * (bidi overrides and isolates, zero-width ones) and the rest Unicode draws as nothing.
 */
const unshownCharacter = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/u

/**
 * Whether `text`, chosen by someone else (a wallet, a registry, a token contract), reads as it is written. A
 * `\u202e` shows it reversed, and what follows it in the same line too (the rest of a translation such as
 * "{name} öffnen", the amount after a symbol); a zero-width character makes it look like a known name that
 * does not match it.
 */
export function showsAsWritten(text: string): boolean {
  return !unshownCharacter.test(text)
}
