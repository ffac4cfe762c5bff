import { longEmailLength } from '@pairwise/engine/frame'

/**
 * EMAIL-11: an email over `longEmailLength` characters is cut in the middle to exactly that length, so
 * its start and its domain stay readable; a shorter one is shown whole.
 */
export function shortEmail(email: string): string {
  if (email.length <= longEmailLength) return email
  const tail = Math.floor((longEmailLength - 1) / 2)
  const head = longEmailLength - 1 - tail
  return `${email.slice(0, head)}…${email.slice(email.length - tail)}`
}
