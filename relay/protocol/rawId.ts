/**
 * Finds the source text of a number-valued top-level member of a JSON object. `JSON.parse` turns a
 * 19-digit numeric id (the spec's own examples use them) into a double and loses its last digits;
 * reading the digits from the text lets us echo the id exactly. Expects text that already parsed.
 */
export function rawTopLevelNumber(text: string, member: string): string | undefined {
  let depth = 0
  let index = 0
  while (index < text.length) {
    const char = text[index]
    if (char === '"') {
      const end = endOfString(text, index)
      if (depth === 1) {
        const colon = skipWhitespace(text, end + 1)
        // A string followed by ':' is a key; a value string is followed by ',' or '}'.
        if (text[colon] === ':' && JSON.parse(text.slice(index, end + 1)) === member) {
          const start = skipWhitespace(text, colon + 1)
          return /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(start, start + 64))?.[0]
        }
      }
      index = end + 1
      continue
    }
    if (char === '{' || char === '[') depth++
    else if (char === '}' || char === ']') depth--
    index++
  }
  return undefined
}

function endOfString(text: string, opening: number): number {
  let index = opening + 1
  while (index < text.length && text[index] !== '"') index += text[index] === '\\' ? 2 : 1
  return index
}

function skipWhitespace(text: string, from: number): number {
  let index = from
  while (index < text.length && /\s/.test(text[index] ?? '')) index++
  return index
}
