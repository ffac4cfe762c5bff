import type * as z from 'zod/mini'
import { boundText, invalidTypeText, invalidValueText } from './issueText.js'

// zod/mini carries no messages: every issue reads "Invalid input" unless someone supplies the words.
// Its English locale would weigh more than this in every browser bundle, so the few messages a person
// reads (logs, error replies) are written here, in the locale's own wording. A message a schema or
// check sets itself still wins over these.

/** English for one issue, as the error map zod/mini lacks. */
export function explainIssue(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return invalidTypeText(issue.expected, issue.input)
    case 'invalid_value':
      return invalidValueText(issue.values)
    case 'too_small':
      return boundText(issue.code, issue.origin, issue.inclusive ? '>=' : '>', issue.minimum)
    case 'too_big':
      return boundText(issue.code, issue.origin, issue.inclusive ? '<=' : '<', issue.maximum)
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
