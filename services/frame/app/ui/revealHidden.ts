/**
 * Characters that change how the text around them reads without being seen: controls other than tab and line
 * breaks, format characters (bidirectional overrides and isolates) and the rest of what Unicode says to draw
 * as nothing (zero-width ones, variation selectors, tag characters, fillers). The texts an approval shows come
 * from the host, a token contract or a typed-data message; a U+202E in one could make an address or an amount
 * read backwards, and an invisible one make two different names look the same.
 */
const hidden = String.raw`\p{Default_Ignorable_Code_Point}|\p{Cf}|[^\P{Cc}\t\n\r]`

// An emoji sequence keeps its joiners and selectors (👨‍👩‍👧, ❤️, 🏴 flags): matched whole first, where the
// runtime knows emoji sequences (the `v` flag); elsewhere they show their code points too.
const pattern = (() => {
  try {
    return new RegExp(String.raw`(\p{RGI_Emoji})|${hidden}`, 'gv')
  } catch {
    return new RegExp(hidden, 'gu')
  }
})()

const codePoint = (character: string) =>
  `⟨U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}⟩`

/** `text` with each hidden character shown as its code point, as in "abc⟨U+202E⟩def". */
export function revealHidden(text: string): string {
  return text.replace(pattern, (match, emoji?: string) => emoji ?? codePoint(match))
}
