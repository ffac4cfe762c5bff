import { describe, expect, it } from 'vitest'
import { longEmailLength } from '../../../engine/frame/index.js'
import { shortEmail } from '../../../modal/embedded/index.js'

describe('shortEmail', () => {
  it('EMAIL-11 emails over 30 characters are shortened, 30 or fewer shown whole', () => {
    expect(longEmailLength).toBe(30)
    const thirty = 'abcdefghijklmnopqr@example.com'
    expect(thirty).toHaveLength(30)
    expect(shortEmail(thirty)).toBe(thirty)
    expect(shortEmail('ada@example.com')).toBe('ada@example.com')
    const long = 'abcdefghijklmnopqrs@example.com'
    const shown = shortEmail(long)
    expect(shown).not.toBe(long)
    expect(shown).toHaveLength(30)
    expect(shown).toBe('abcdefghijklmno…rs@example.com')
    expect(shortEmail('a.very.long.name.indeed@subdomain.example.org')).toMatch(
      /^a\.very\.long\.na.*….*example\.org$/,
    )
  })
})
