import { describe, expect, it } from 'vitest'
import { tokenText } from '../../../services/api/indexer/tokenText.js'

describe('the text a token list shows for what name() and symbol() answered', () => {
  it('keeps letters, marks, digits, punctuation, symbols and spaces of any script', () => {
    expect(tokenText('Ünïcödé 代币 ₿-2 (v1.0) ☕', 'ÜC')).toEqual({
      name: 'Ünïcödé 代币 ₿-2 (v1.0) ☕',
      symbol: 'ÜC',
    })
  })

  it('drops every character a list would not show as written: controls, bidi and zero-width ones, private use, line breaks', () => {
    const hidden = [
      '\u0000',
      '\u0007',
      '\u202e',
      '\u2066',
      '\u200b',
      '\u200d',
      '\u2060',
      '\ufeff',
      '\ue000',
      '\u2028',
      '\n',
      '\u00ad',
    ]
    for (const character of hidden)
      expect(tokenText(`US${character}DC`, `U${character}SD`), JSON.stringify(character)).toEqual({
        name: 'USDC',
        symbol: 'USD',
      })
  })

  it('names a token by its symbol when it has no name, and has nothing to show for neither', () => {
    expect(tokenText(undefined, 'ANON')).toEqual({ name: 'ANON', symbol: 'ANON' })
    expect(tokenText('\u200b', 'ANON')).toEqual({ name: 'ANON', symbol: 'ANON' })
    expect(tokenText(undefined, undefined)).toBeUndefined()
  })
})
