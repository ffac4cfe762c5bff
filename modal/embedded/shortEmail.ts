import { showsAsWritten } from '@pairwise/common'
import { longEmailLength } from '@pairwise/engine/frame'

/** Left-to-right isolate and its closing pop: `<bdi dir="ltr">` for a text that cannot hold an element. */
const leftToRightIsolate = '\u2066'
const popDirectionalIsolate = '\u2069'

/**
 * The email without the characters Unicode draws as nothing (bidi overrides, zero-width ones): the wire takes
 * them, but shown, a U+202E makes `moc.elpmaxe@…` read as another address, and a zero-width space makes two
 * addresses look the same.
 */
export function visibleEmail(email: string): string {
  // By code point, so no surrogate pair is split.
  return [...email].filter(showsAsWritten).join('')
}

/**
 * EMAIL-11: the email as the modal shows it; one over `longEmailLength` characters is cut in the middle to
 * exactly that length, so its start and its domain stay readable; a shorter one is shown whole. Characters
 * are counted and cut by code point, so no half of an emoji is left at the cut.
 */
export function shortEmail(email: string): string {
  const characters = [...visibleEmail(email)]
  if (characters.length <= longEmailLength) return characters.join('')
  const tail = Math.floor((longEmailLength - 1) / 2)
  const head = longEmailLength - 1 - tail
  return `${characters.slice(0, head).join('')}…${characters.slice(-tail).join('')}`
}

/**
 * `shortEmail` isolated left to right, for a translated sentence: in Arabic's right-to-left text, or next to
 * right-to-left letters in the email itself, it still reads as the address it is.
 */
export function emailInText(email: string): string {
  return `${leftToRightIsolate}${shortEmail(email)}${popDirectionalIsolate}`
}
