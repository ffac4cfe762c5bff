import type { core } from 'zod/mini'

/**
 * A readable sentence for a zod issue. zod/mini ships no messages of its own (the English locale would
 * add to every page's first load), so the common cases are worded here; a schema's own message wins.
 */
export function issueText(issue: core.$ZodIssue): string {
  if (issue.message && issue.message !== 'Invalid input') return issue.message
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}`
    case 'invalid_value':
      return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`
    case 'too_small':
      return `must ${bound('at least', issue.minimum, issue.origin)}`
    case 'too_big':
      return `must ${bound('at most', issue.maximum, issue.origin)}`
    case 'invalid_format':
      return `must be a valid ${issue.format}`
    default:
      return 'is invalid'
  }
}

function bound(relation: string, limit: number | bigint, origin: string): string {
  if (origin === 'string') return `have ${relation} ${limit} character${limit === 1 ? '' : 's'}`
  if (origin === 'array' || origin === 'set') return `have ${relation} ${limit} item${limit === 1 ? '' : 's'}`
  return `be ${relation} ${limit}`
}
