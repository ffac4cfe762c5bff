/** The AppKit theme variables a host may set (`createAppKit({ themeVariables })`), and Pairwise's mono font. */
export type ThemeVariables = Readonly<
  Partial<
    Record<
      | '--w3m-accent'
      | '--w3m-color-mix'
      | '--w3m-font-family'
      | '--w3m-font-family-mono'
      | '--w3m-font-size-master'
      | '--w3m-border-radius-master'
      | '--w3m-qr-color',
      string
    > &
      Record<'--w3m-color-mix-strength' | '--w3m-z-index', number | string>
  >
>

/** What a theme variable's value may be, and how an error says it. */
export type ThemeValueCheck = { readonly accepts: (value: string) => boolean; readonly expected: string }

// Each form is read whole, token by token, so a value can only be what it names: no `;`, `{` or `}` that
// would end the declaration and add rules, no `\` escape, no `url(` or other function that loads from a host
// the app did not configure, no comment (a gap holds one `,`, `/` or `*` and a term, which holds none of them,
// stands between any two gaps, so `/*` and `*/` cannot occur).
const longestValue = 256
const deepestCall = 4
const number = String.raw`[-+]?(?:\d{1,10}(?:\.\d{1,10})?|\.\d{1,10})`
const hex = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i
const colourName = /^[a-z]{3,30}$/i
const length = new RegExp(`^(?:0|${number}(?:px|rem|em|%|vw|vh|vmin|vmax|ch|ex|pt))$`)
const argument = {
  gap: /^(?:\s*[,/*]\s*|\s+[-+]\s+|\s+)/,
  number: new RegExp(String.raw`^${number}(?:%|[a-z]{1,5})?(?![\w-])`, 'i'),
  hex: /^#[0-9a-f]{3,8}(?![\w-])/i,
  name: /^-{0,2}[a-z_][\w-]{0,63}(?![\w(-])/i,
  close: /^\s*\)/,
}
const quotedFamily = /^(?:'[\p{L}\p{N} _.-]{1,64}'|"[\p{L}\p{N} _.-]{1,64}")/u
const bareFamily = /^[\p{L}\p{N}_-][\p{L}\p{N} _-]{0,63}/u
const familyGap = /^\s*,\s*/

/** The functions a value may call: each computes a colour or a length, or reads one of the page's own properties. */
const colourFunctions = [
  'rgb',
  'rgba',
  'hsl',
  'hsla',
  'hwb',
  'lab',
  'lch',
  'oklab',
  'oklch',
  'color',
  'color-mix',
]
const lengthFunctions = ['calc', 'min', 'max', 'clamp']
const anyFunction = [...colourFunctions, ...lengthFunctions, 'var']

/** Where `pattern`, matched at `at` in `text`, ends; undefined when it does not match there. */
function endOf(pattern: RegExp, text: string, at: number): number | undefined {
  const match = pattern.exec(text.slice(at))
  return match ? at + match[0].length : undefined
}

/**
 * Where a call of one of `names` starting at `at` ends (after its `)`), or undefined. Its arguments are
 * numbers, #hex, names and calls of any function here, with commas, slashes, spaced operators or spaces between.
 */
function callEnd(text: string, at: number, names: readonly string[], depth = 0): number | undefined {
  const call = /^([a-z][a-z-]{1,15})\(\s*/i.exec(text.slice(at))
  if (!call?.[1] || depth === deepestCall || !names.includes(call[1].toLowerCase())) return undefined
  let position = at + call[0].length
  for (let expectsTerm = true; ; expectsTerm = !expectsTerm) {
    const closed = endOf(argument.close, text, position)
    if (closed !== undefined) return closed
    const next = expectsTerm
      ? (callEnd(text, position, anyFunction, depth + 1) ??
        endOf(argument.number, text, position) ??
        endOf(argument.hex, text, position) ??
        endOf(argument.name, text, position))
      : endOf(argument.gap, text, position)
    if (next === undefined) return undefined
    position = next
  }
}

/** Whether `text` is one call of `names`, whole. */
const isCall = (text: string, names: readonly string[]) => callEnd(text, 0, names) === text.length

/** Whether `text` is font family names, quoted or not, or the page's own properties, comma-separated. */
function isFamilies(text: string): boolean {
  const trimmed = text.trim()
  const family = (at: number) =>
    callEnd(trimmed, at, ['var']) ?? endOf(quotedFamily, trimmed, at) ?? endOf(bareFamily, trimmed, at)
  let position = family(0)
  for (let count = 1; position !== undefined && position < trimmed.length && count < 16; count++) {
    const gap = endOf(familyGap, trimmed, position)
    position = gap === undefined ? undefined : family(gap)
  }
  return position === trimmed.length
}

/** `accepts` on values no longer than any theme value needs to be. */
const bounded = (accepts: (value: string) => boolean) => (value: string) =>
  value.length <= longestValue && accepts(value)

const colourCheck: ThemeValueCheck = {
  accepts: bounded(
    (value) => hex.test(value) || colourName.test(value) || isCall(value, [...colourFunctions, 'var']),
  ),
  expected: 'a colour: #hex, a colour name, rgb(), hsl(), oklch(), color-mix() or var()',
}
const lengthCheck: ThemeValueCheck = {
  accepts: bounded((value) => length.test(value) || isCall(value, [...lengthFunctions, 'var'])),
  expected: 'a length: 0, a number in px, rem, em, %, vw, vh, vmin, vmax, ch, ex or pt, calc() or var()',
}
const familiesCheck: ThemeValueCheck = {
  accepts: bounded(isFamilies),
  expected: 'font family names, comma-separated, quoted or not, or var()',
}

/** The forms each theme variable takes; a value in none of them never reaches a stylesheet. */
export const themeValueChecks: { readonly [Name in keyof ThemeVariables]-?: ThemeValueCheck } = {
  '--w3m-accent': colourCheck,
  '--w3m-color-mix': colourCheck,
  '--w3m-qr-color': colourCheck,
  '--w3m-font-family': familiesCheck,
  '--w3m-font-family-mono': familiesCheck,
  '--w3m-font-size-master': lengthCheck,
  '--w3m-border-radius-master': lengthCheck,
  '--w3m-color-mix-strength': {
    accepts: (value) => /^\d{1,3}(?:\.\d{1,6})?$/.test(value) && Number(value) <= 100,
    expected: 'a percentage from 0 to 100',
  },
  '--w3m-z-index': { accepts: (value) => /^-?\d{1,10}$/.test(value), expected: 'a whole number' },
}

/** `value` of the theme variable `name` as CSS, or undefined when it is in none of the forms that name takes. */
export function themeValue<Name extends keyof ThemeVariables>(
  name: Name,
  value: ThemeVariables[Name],
): string | undefined {
  // Read once: what is checked is what is written, whatever a caller's object answers a second time.
  const text = value === undefined ? undefined : String(value)
  return text !== undefined && themeValueChecks[name].accepts(text) ? text : undefined
}
