import { describe, expect, it } from 'vitest'
import { chooseLocale } from '../../../modal/i18n/chooseLocale.js'

describe('chooseLocale', () => {
  it('takes the app’s locale option first, matched exactly and without regard to case', () => {
    expect(chooseLocale('ja', ['de-DE'])).toEqual({ locale: 'ja' })
    expect(chooseLocale('pt-br', [])).toEqual({ locale: 'pt-BR' })
    expect(chooseLocale('zh_TW', [])).toEqual({ locale: 'zh-TW' })
  })

  it('matches an option with a region we lack by its language', () => {
    expect(chooseLocale('fr-CA', [])).toEqual({ locale: 'fr' })
    expect(chooseLocale('pt-PT', [])).toEqual({ locale: 'pt-BR' })
    expect(chooseLocale('ar-EG', [])).toEqual({ locale: 'ar' })
  })

  it('tells Traditional from Simplified Chinese by script, then region', () => {
    expect(chooseLocale('zh', []).locale).toBe('zh-CN')
    expect(chooseLocale('zh-Hant', []).locale).toBe('zh-TW')
    expect(chooseLocale('zh-HK', []).locale).toBe('zh-TW')
    expect(chooseLocale('zh-Hans-HK', []).locale).toBe('zh-CN')
    expect(chooseLocale('zh-SG', []).locale).toBe('zh-CN')
  })

  it('falls back to English for an option it does not speak, naming the option', () => {
    expect(chooseLocale('xx-YY', ['ja'])).toEqual({ locale: 'en', unknown: 'xx-YY' })
    expect(chooseLocale('', ['ja'])).toEqual({ locale: 'en', unknown: '' })
  })

  it('without an option, takes the first of the browser’s languages it speaks', () => {
    expect(chooseLocale(undefined, ['nl-NL', 'ko-KR', 'ja'])).toEqual({ locale: 'ko' })
    expect(chooseLocale(undefined, ['fr-CA', 'en-US'])).toEqual({ locale: 'fr' })
    expect(chooseLocale(undefined, ['zh-TW', 'zh-CN'])).toEqual({ locale: 'zh-TW' })
  })

  it('is English when neither the option nor the browser names a language it speaks', () => {
    expect(chooseLocale(undefined, ['nl', 'sv'])).toEqual({ locale: 'en' })
    expect(chooseLocale(undefined, [])).toEqual({ locale: 'en' })
  })
})
