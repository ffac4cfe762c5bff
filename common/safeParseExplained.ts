import * as z from 'zod/mini'
import { explainIssue } from './issues.js'

// Apart from the issue texts so that code using only our own schemas (`./schema.ts`) loads no zod.

/** `safeParse` whose issues carry English messages (see `explainIssue`). */
export function safeParseExplained<Schema extends z.core.$ZodType>(
  schema: Schema,
  value: unknown,
): z.core.util.SafeParseResult<z.output<Schema>> {
  return z.safeParse(schema, value, { error: explainIssue })
}
