import { describe, expect, it } from 'vitest'
import { revealHidden } from '../../../../services/frame/app/ui/revealHidden.js'

describe('the approval shows the characters that change how a text reads', () => {
  it('shows bidirectional overrides, isolates and marks as their code points', () => {
    expect(revealHidden('pay 0x\u202Edaed')).toBe('pay 0x⟨U+202E⟩daed')
    expect(revealHidden('\u2066a\u2069\u200F')).toBe('⟨U+2066⟩a⟨U+2069⟩⟨U+200F⟩')
  })

  it('shows zero-width characters, so two names that look the same do not read the same', () => {
    expect(revealHidden('pay\u200Bpal\uFEFF')).toBe('pay⟨U+200B⟩pal⟨U+FEFF⟩')
  })

  it('shows controls other than tab and line breaks, which stay as they are', () => {
    expect(revealHidden('a\u0000b\u001Bc\u007F\u0085')).toBe('a⟨U+0000⟩b⟨U+001B⟩c⟨U+007F⟩⟨U+0085⟩')
    expect(revealHidden('line one\n\tline two\r\n')).toBe('line one\n\tline two\r\n')
  })

  it('shows the invisible characters that are not controls: variation selectors, tags, fillers, joiners', () => {
    expect(revealHidden('Uni\u034Fswap')).toBe('Uni⟨U+034F⟩swap')
    expect(revealHidden('a\uFE00b\u{E0100}c\u{E0000}d')).toBe('a⟨U+FE00⟩b⟨U+E0100⟩c⟨U+E0000⟩d')
    expect(revealHidden('x\u17B4\u180By\u3164\u2065')).toBe('x⟨U+17B4⟩⟨U+180B⟩y⟨U+3164⟩⟨U+2065⟩')
    expect(revealHidden('pay\u200Dpal')).toBe('pay⟨U+200D⟩pal')
  })

  it('leaves right-to-left text, accents and emoji sequences as they are', () => {
    const text = 'مرحبا שלום café 👍🏽 ❤️ 👨‍👩‍👧 🏴󠁧󠁢󠁳󠁣󠁴󠁿'
    expect(revealHidden(text)).toBe(text)
  })
})
