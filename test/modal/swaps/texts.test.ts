import { describe, expect, it } from 'vitest'
import { loadFeatureCatalogue } from '../../../modal/i18n/featureTexts.js'
import { supportedLocales } from '../../../modal/i18n/locales.js'
import { en } from '../../../modal/swaps/texts/en.js'
import { swapTexts } from '../../../modal/swaps/texts/index.js'

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
const others = supportedLocales.filter((locale) => locale !== 'en')

describe('the swap texts', () => {
  it.each(others)('%s has every key of English, translated, with its placeholders', async (locale) => {
    const catalogue = await loadFeatureCatalogue(swapTexts, locale)
    expect(catalogue).not.toBe(en)
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(en).sort())
    for (const [key, english] of Object.entries(en)) {
      const text = catalogue[key as keyof typeof en]
      expect(typeof text, key).toBe('string')
      expect((text as string).trim(), key).not.toBe('')
      expect(placeholders(text as string), key).toEqual(placeholders(english))
    }
  })
})
