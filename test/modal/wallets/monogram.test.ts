import { describe, expect, it } from 'vitest'
import { monogram } from '../../../modal/wallets/monogram.js'

/** The letter a monogram draws. */
const initialOf = (icon: string) =>
  /<text[^>]*>([^<]*)<\/text>/.exec(decodeURIComponent(icon.replace(/^data:image\/svg\+xml,/, '')))?.[1]

describe('monogram', () => {
  it('draws the first letter of a name, upper-cased, markup characters as ?', () => {
    expect(initialOf(monogram('rainbow'))).toBe('R')
    expect(initialOf(monogram('  zerion'))).toBe('Z')
    expect(initialOf(monogram('<svg'))).toBe('?')
    expect(initialOf(monogram(''))).toBe('?')
  })

  it('draws a whole emoji for a name starting with one, and ? for half of one, instead of throwing', () => {
    // Names come from registries, wallets and token contracts: a throw here failed the whole list's render.
    expect(initialOf(monogram('🦊 Fox Wallet'))).toBe('🦊')
    expect(initialOf(monogram('\ud83e broken'))).toBe('?')
    expect(initialOf(monogram('\udd8a broken'))).toBe('?')
  })
})
