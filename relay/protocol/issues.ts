import type { z } from 'zod'

/** One line naming each failing path, for error messages a developer reads in a relay log. */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ')
}
