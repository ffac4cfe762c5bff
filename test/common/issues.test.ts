import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { describeIssues, safeParseExplained } from '../../common/index.js'

function explained(schema: z.core.$ZodType, value: unknown): string {
  const parsed = safeParseExplained(schema, value)
  if (parsed.success) throw new Error('expected the value to fail')
  return describeIssues(parsed.error)
}

// This file loads zod/mini only, as the browser bundle does, so no locale supplies these words.
describe('schema issues in English', () => {
  it('names the expected and the received type, with the path', () => {
    expect(explained(z.object({ a: z.object({ b: z.string() }) }), { a: { b: 1 } })).toBe(
      'a.b: Invalid input: expected string, received number',
    )
    expect(explained(z.array(z.number()), [1, null])).toBe('1: Invalid input: expected number, received null')
    expect(explained(z.number(), Number.NaN)).toBe('(root): Invalid input: expected number, received NaN')
  })

  it('words sizes, bounds, literals, options and patterns', () => {
    expect(explained(z.string().check(z.minLength(1)), '')).toBe(
      '(root): Too small: expected string to have >=1 characters',
    )
    expect(explained(z.int().check(z.positive()), 0)).toBe('(root): Too small: expected number to be >0')
    expect(explained(z.number().check(z.lte(10)), 11)).toBe('(root): Too big: expected number to be <=10')
    expect(explained(z.literal('2.0'), '1.0')).toBe('(root): Invalid input: expected "2.0"')
    expect(explained(z.enum(['relay', 'link_mode']), 'x')).toBe(
      '(root): Invalid option: expected one of "relay"|"link_mode"',
    )
    expect(explained(z.string().check(z.regex(/^[0-9a-f]+$/)), 'xyz')).toBe(
      '(root): Invalid string: must match pattern /^[0-9a-f]+$/',
    )
    expect(explained(z.strictObject({ a: z.string() }), { a: '', b: 1, c: 2 })).toBe(
      '(root): Unrecognized key(s) in object: "b", "c"',
    )
  })

  it('keeps the words a schema gives itself, and joins several issues', () => {
    const schema = z.object({
      topic: z.string().check(z.regex(/^[0-9a-f]{64}$/, 'a topic is 64 lowercase hex digits')),
      ttl: z.int(),
    })
    expect(explained(schema, { topic: 'A' })).toBe(
      'topic: a topic is 64 lowercase hex digits; ttl: Invalid input: expected number, received undefined',
    )
  })
})
