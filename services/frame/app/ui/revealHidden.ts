/**
 * Characters that change how the text around them reads without being seen: controls other than tab and line
 * breaks, and format characters (bidirectional overrides and isolates, zero-width ones). The texts an approval
 * shows come from the host, a token contract or a typed-data message; a U+202E in one could make an address or
 * an amount read backwards, and a zero-width one make two different names look the same.
 */
const hiddenCharacter = /\p{Cf}|[^\P{Cc}\t\n\r]/gu

const codePoint = (character: string) =>
  `⟨U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}⟩`

/** `text` with each hidden character shown as its code point, as in "abc⟨U+202E⟩def". */
export function revealHidden(text: string): string {
  return text.replace(hiddenCharacter, codePoint)
}
