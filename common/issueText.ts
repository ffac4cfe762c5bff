// zod's English for the issues both kinds of schema raise (`./issues.ts` words zod's, `./schema.ts`
// its own), written once so the two refuse the same input with the same words.

const SIZE_UNITS: Record<string, string> = { string: 'characters', array: 'items', set: 'items' }

function typeName(value: unknown): string {
  if (typeof value === 'number') return Number.isNaN(value) ? 'NaN' : 'number'
  if (Array.isArray(value)) return 'array'
  return value === null ? 'null' : typeof value
}

const quoted = (value: unknown) => (typeof value === 'string' ? JSON.stringify(value) : String(value))

export const invalidTypeText = (expected: string, input: unknown) =>
  `Invalid input: expected ${expected}, received ${typeName(input)}`

export const invalidValueText = (values: readonly unknown[]) =>
  values.length === 1
    ? `Invalid input: expected ${quoted(values[0])}`
    : `Invalid option: expected one of ${values.map(quoted).join('|')}`

/** A bound missed: `origin` is what has the length ("string", "array") or the number's kind. */
export function boundText(
  code: 'too_small' | 'too_big',
  origin: string,
  comparison: string,
  bound: number | bigint,
): string {
  const unit = SIZE_UNITS[origin]
  const expectation = unit ? `to have ${comparison}${bound} ${unit}` : `to be ${comparison}${bound}`
  return `Too ${code.slice(4)}: expected ${origin} ${expectation}`
}
