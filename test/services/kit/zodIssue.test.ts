import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { zodIssue } from '../../../services/kit/index.js'

const errorOf = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value)
  if (parsed.success) throw new Error('expected a failure')
  return parsed.error
}

describe('zod issues told in one line', () => {
  it('names the first bad field by its path, or what was parsed when the whole value is bad', () => {
    const body = z.object({ wallet: z.object({ address: z.string() }) })
    expect(zodIssue(errorOf(body, { wallet: { address: 1 } }), 'body')).toMatch(/^wallet\.address: /)
    expect(zodIssue(errorOf(body, 'x'), 'body')).toMatch(/^body: /)
  })

  it('puts a parameter parsed alone in front of the path', () => {
    expect(zodIssue(errorOf(z.string().length(64), 'ab'), 'request', 'hash')).toMatch(/^hash: /)
    expect(zodIssue(errorOf(z.array(z.number()), ['a']), 'request', 'ids')).toMatch(/^ids\.0: /)
  })
})
