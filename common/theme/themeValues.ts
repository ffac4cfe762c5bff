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

// Each form is matched whole, so a value can only be what it names: no `;` or `}` that would end the
// declaration and add rules, no `url(` that would load from a host the app did not configure, no comment.
const number = String.raw`[-+]?(?:\d{1,10}(?:\.\d{1,10})?|\.\d{1,10})(?:%|deg|rad|grad|turn)?`
const channel = `(?:${number}|none)`
const colour = new RegExp(
  String.raw`^(?:#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})|[a-z]{3,30}|(?:rgba?|hsla?)\(\s*${channel}(?:(?:\s*[,/]\s*|\s+)${channel}){2,3}\s*\))$`,
  'i',
)
const length = /^(?:\d{1,6}(?:\.\d{1,6})?|\.\d{1,6})(?:px|rem|em|%)$/
const family = String.raw`(?:'[\p{L}\p{N} -]{1,64}'|"[\p{L}\p{N} -]{1,64}"|[\p{L}\p{N}-][\p{L}\p{N} -]{0,63})`
const families = new RegExp(String.raw`^\s*${family}(?:\s*,\s*${family}){0,15}\s*$`, 'u')

const colourCheck: ThemeValueCheck = {
  accepts: (value) => colour.test(value),
  expected: 'a colour: #hex, rgb(), hsl() or a colour name',
}
const lengthCheck: ThemeValueCheck = {
  accepts: (value) => length.test(value),
  expected: 'a length: a number in px, rem, em or %',
}
const familiesCheck: ThemeValueCheck = {
  accepts: (value) => families.test(value),
  expected: 'font family names, comma-separated, of letters, digits, spaces and hyphens, quoted or not',
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
  return value !== undefined && themeValueChecks[name].accepts(String(value)) ? String(value) : undefined
}
