import { hexToString, isHex, parseAbi } from 'viem'

/** name() and symbol() as the oldest tokens (MKR, SAI) answer them, which a string read fails to decode. */
export const bytes32TextAbi = parseAbi([
  'function name() view returns (bytes32)',
  'function symbol() view returns (bytes32)',
])

/** A string answer, else a bytes32 one (zero-padded on the right) as text; undefined for neither. */
export const textOf = (text: unknown, word: unknown): string | undefined =>
  typeof text === 'string' ? text : isHex(word) ? hexToString(word, { size: 32 }) : undefined

// Anyone can deploy a token named with control characters (U+0000 fails a PostgreSQL TEXT insert, others
// garble a list) or bidi overrides (which show a symbol backwards, as another token's).
const unprintable = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu

/** Text a list can show: printable, at most `max` characters (whole code points); '' for no text. */
function shown(value: string | undefined, max: number): string {
  return Array.from((value ?? '').replaceAll(unprintable, ''))
    .slice(0, max)
    .join('')
}

export const tokenName = (value: string | undefined) => shown(value, 64)
export const tokenSymbol = (value: string | undefined) => shown(value, 32)
