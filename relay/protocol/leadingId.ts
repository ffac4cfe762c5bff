import type { JsonRpcId } from './jsonrpc.js'

// How far into a frame too large to parse its id is looked for: past the few short members a client
// writes before it (`"jsonrpc":"2.0"`), never into its params.
const SCANNED_CHARS = 512

// One top-level member whose value is a scalar: a string (JSON.parse checks the key's and the id's), a
// number, true, false or null, followed by the comma or brace that ends it. An object or array value fails
// to match, and the scan stops there: what follows it is not looked at.
const SCALAR_MEMBER =
  /\s*("(?:[^"\\]|\\.)*")\s*:\s*("(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)\s*([,}])/y

/**
 * The JSON-RPC id of a frame too large to parse, so that its refusal answers the call it refuses: read only
 * when the frame's top-level `"id"` is among its first members, all scalars, within its first characters, and
 * is an integer or a string of at most `maxStringChars`. Nothing else of the frame is trusted or returned;
 * null when the id is not found so.
 */
export function leadingId(text: string, maxStringChars: number): JsonRpcId | null {
  const head = text.slice(0, SCANNED_CHARS)
  const opening = /^\s*\{/.exec(head)
  if (!opening) return null
  SCALAR_MEMBER.lastIndex = opening[0].length
  for (let member = SCALAR_MEMBER.exec(head); member; member = SCALAR_MEMBER.exec(head)) {
    const [, key = '', value = '', end] = member
    if (parsedString(key) === 'id') return idOf(value, maxStringChars)
    if (end === '}') return null
  }
  return null
}

function idOf(value: string, maxStringChars: number): JsonRpcId | null {
  if (value.startsWith('"')) {
    const id = parsedString(value)
    return id !== undefined && id.length <= maxStringChars ? id : null
  }
  if (!/^-?\d+$/.test(value)) return null
  const id = Number(value)
  // Digits past a double's precision are kept exact, as a parsed frame's are.
  return Number.isSafeInteger(id) ? id : BigInt(value)
}

function parsedString(quoted: string): string | undefined {
  try {
    return JSON.parse(quoted) as string
  } catch {
    return undefined
  }
}
