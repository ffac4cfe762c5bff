import { describe, expect, it } from 'vitest'
import { loadFeatureCatalogue } from '../../../modal/i18n/featureTexts.js'
import { supportedLocales } from '../../../modal/i18n/locales.js'
import { en } from '../../../modal/swaps/texts/en.js'
import { swapTexts } from '../../../modal/swaps/texts/index.js'
import { expectTranslatedLike } from '../support/featureCatalogue.js'

const others = supportedLocales.filter((locale) => locale !== 'en')

describe('the swap texts', () => {
  it.each(others)('%s has every key of English, translated, with its placeholders', async (locale) => {
    const catalogue = await loadFeatureCatalogue(swapTexts, locale)
    expect(catalogue).not.toBe(en)
    expectTranslatedLike(catalogue, en)
  })
})
