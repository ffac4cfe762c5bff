import { describe, expect, it } from 'vitest'
import { longEmailLength } from '../../../engine/frame/index.js'
import { emailInText, shortEmail } from '../../../modal/embedded/index.js'

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

  it('drops bidi controls and zero-width characters, which would make the email read as another', () => {
    expect(shortEmail('ada\u200b@exam\u200dple.com')).toBe('ada@example.com')
    expect(shortEmail('\u202emoc.elpmaxe@ada')).toBe('moc.elpmaxe@ada')
    expect(shortEmail('a\u2066da@example.com\u2069\ufeff')).toBe('ada@example.com')
  })

  it('counts and cuts by character, never leaving half of a surrogate pair at the cut', () => {
    const long = `${'a'.repeat(14)}😀😀${'b'.repeat(10)}@example.com`
    const shown = shortEmail(long)
    expect(shown).toBe(`${'a'.repeat(14)}😀…${'b'.repeat(2)}@example.com`)
    expect([...shown]).toHaveLength(longEmailLength)
    expect(shown).not.toMatch(/\p{Cs}/u)
    const thirty = `😀${'a'.repeat(17)}@example.com`
    expect(shortEmail(thirty)).toBe(thirty)
  })

  it('isolates the email left to right for a sentence around it', () => {
    expect(emailInText('ada@example.com')).toBe('\u2066ada@example.com\u2069')
  })
})
