import type * as z from 'zod/mini'

// zod/mini carries no messages: every issue reads "Invalid input" unless someone supplies the words.
// Its English locale would weigh more than this in every browser bundle, so the few messages a person
// reads (logs, error replies) are written here, in the locale's own wording. A message a schema or
// check sets itself still wins over these.

const SIZE_UNITS: Record<string, string> = { string: 'characters', array: 'items', set: 'items' }

function typeName(value: unknown): string {
  if (typeof value === 'number') return Number.isNaN(value) ? 'NaN' : 'number'
  if (Array.isArray(value)) return 'array'
  if (value === null) return 'null'
  return typeof value
}

function primitiveText(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value)
}

function boundText(origin: string, comparison: string, bound: number | bigint): string {
  const unit = SIZE_UNITS[origin]
  return unit ? `${origin} to have ${comparison}${bound} ${unit}` : `${origin} to be ${comparison}${bound}`
}

/** English for one issue, as the error map zod/mini lacks. */
export function explainIssue(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `Invalid input: expected ${issue.expected}, received ${typeName(issue.input)}`
    case 'invalid_value':
      return issue.values.length === 1
        ? `Invalid input: expected ${primitiveText(issue.values[0])}`
        : `Invalid option: expected one of ${issue.values.map(primitiveText).join('|')}`
    case 'too_small':
      return `Too small: expected ${boundText(issue.origin, issue.inclusive ? '>=' : '>', issue.minimum)}`
    case 'too_big':
      return `Too big: expected ${boundText(issue.origin, issue.inclusive ? '<=' : '<', issue.maximum)}`
    case 'invalid_format':
      return issue.pattern ? `Invalid string: must match pattern ${issue.pattern}` : `Invalid ${issue.format}`
    case 'unrecognized_keys':
      return `Unrecognized key(s) in object: ${issue.keys.map((key) => `"${key}"`).join(', ')}`
    default:
      return 'Invalid input'
  }
}

/** What `safeParse` gives, from zod's schemas and from ours (`./schema.ts`) alike. */
export type ParseResult<T> =
  | { success: true; data: T }
  | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } }

/**
 * A schema of either kind, for code that only parses with it: call `safeParse(value, { error:
 * explainIssue })`, which gives zod's issues their English and leaves ours (worded already) as they are.
 */
export type Parses<T> = { safeParse(value: unknown, params: { error: typeof explainIssue }): ParseResult<T> }

/** One line naming each failing path, for error messages a developer reads in a log. */
export function describeIssues(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[]
}): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ')
}
