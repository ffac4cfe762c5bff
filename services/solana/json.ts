import { solanaLimits } from './limits.js'

/** Thrown when a request body is not JSON the server will read (bad syntax or nested too deep). */
export class MalformedJsonError extends Error {
  override readonly name = 'MalformedJsonError'
}

/** Deepest `[`/`{` nesting in `text`, outside strings; checked before JSON.parse walks a hostile body. */
function nestingDepth(text: string): number {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (inString) {
      if (char === '\\') i++
      else if (char === '"') inString = false
    } else if (char === '"') inString = true
    else if (char === '[' || char === '{') deepest = Math.max(deepest, ++depth)
    else if (char === ']' || char === '}') depth--
  }
  return deepest
}

export function parseJsonBody(text: string): unknown {
  if (nestingDepth(text) > solanaLimits.maxJsonDepth)
    throw new MalformedJsonError(`JSON nested deeper than ${solanaLimits.maxJsonDepth} levels`)
  try {
    return JSON.parse(text)
  } catch {
    throw new MalformedJsonError('the body is not valid JSON')
  }
}

/** A string JSON itself escapes, so it cannot appear in the output except as our marker's quotes. */
const bigintMarker = '\u0000bigint:'

/**
 * JSON with bigints written as plain integers, as the real RPC writes u64 values (rentEpoch is u64::MAX,
 * which a JS number cannot hold).
 */
export function stringifyJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'bigint' ? `${bigintMarker}${item}` : item,
  ).replace(/"\\u0000bigint:(-?\d+)"/g, '$1')
}
