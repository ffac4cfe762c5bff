import type { z } from 'zod'

/**
 * A zod error told in one line, as every service answers a bad input: its first issue as `path: message`,
 * the path under `parameter` when one was parsed alone (a query parameter), or `what` when it has none.
 */
export function zodIssue(error: z.ZodError, what: string, parameter?: string): string {
  const issue = error.issues[0]
  const path = [...(parameter === undefined ? [] : [parameter]), ...(issue?.path ?? [])]
  return `${path.map(String).join('.') || what}: ${issue?.message ?? 'invalid'}`
}
