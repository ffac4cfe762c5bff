/**
 * `text` as shown in at most `max` UTF-16 units (as `length` counts them, like the other bounds of shown
 * texts): a longer one is cut and ends in an ellipsis, so the reader sees it was cut. The cut never splits a
 * character written as two units, which would show as a replacement mark.
 */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text
  const end = max - 1
  const splitsPair = /[\uD800-\uDBFF]/.test(text.charAt(end - 1))
  return `${text.slice(0, splitsPair ? end - 1 : end)}…`
}
