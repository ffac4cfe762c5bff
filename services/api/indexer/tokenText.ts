import { type Hex, hexToBytes, isHex, parseAbi, size } from 'viem'

/** name() and symbol() as the oldest tokens (MKR, SAI) answer them, which a string read fails to decode. */
export const bytes32TextAbi = parseAbi([
  'function name() view returns (bytes32)',
  'function symbol() view returns (bytes32)',
])

const utf8 = new TextDecoder('utf-8', { fatal: true })

/** A bytes32 word (text zero-padded on the right) as text; undefined when it is not UTF-8. */
function bytes32Text(word: Hex): string | undefined {
  const bytes = hexToBytes(word)
  let end = bytes.length
  while (end > 0 && bytes[end - 1] === 0) end--
  try {
    return utf8.decode(bytes.subarray(0, end))
  } catch {
    return undefined
  }
}

/** A string answer, else a bytes32 one as text; undefined for neither. */
export const textOf = (text: unknown, word: unknown): string | undefined =>
  typeof text === 'string' ? text : isHex(word) && size(word) === 32 ? bytes32Text(word) : undefined

// Anyone can deploy a token named with control characters (U+0000 fails a PostgreSQL TEXT insert, others
// garble a list), bidi overrides (which show a symbol backwards, as another token's) or zero-width ones (which
// make it look like a known token): only what a list shows as written is kept, letters, marks, digits,
// punctuation, symbols and spaces of any script, and none Unicode draws as nothing.
const unprintable = /[^\p{L}\p{M}\p{N}\p{P}\p{S}\p{Zs}]|\p{Default_Ignorable_Code_Point}/gu

/**
 * Text a list can show: printable, at most `max` characters (whole code points); '' for no text. For any
 * one-line label anyone can write, a token's name or an NFT's.
 */
export function shown(value: string | undefined, max: number): string {
  return Array.from((value ?? '').replaceAll(unprintable, ''))
    .slice(0, max)
    .join('')
}

export type TokenText = { name: string; symbol: string }

/**
 * The name and symbol a list shows for what name() and symbol() answered (undefined: no answer), or
 * undefined when there is nothing to show the token by.
 */
export function tokenText(name: string | undefined, symbol: string | undefined): TokenText | undefined {
  const shownSymbol = shown(symbol, 32)
  // Some tokens have no name() (it reverts), or one with nothing printable: their symbol names them.
  const shownName = shown(name, 64) || shownSymbol
  return shownName ? { name: shownName, symbol: shownSymbol } : undefined
}
