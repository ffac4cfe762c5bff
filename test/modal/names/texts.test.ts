import { describe, expect, it } from 'vitest'
import { resolveOptions } from '../../../modal/controllers/options.js'
import { loadFeatureCatalogue } from '../../../modal/i18n/featureTexts.js'
import { supportedLocales } from '../../../modal/i18n/locales.js'
import { createTranslator } from '../../../modal/i18n/translate.js'
import { NamesError, namesErrorTexts } from '../../../modal/names/errors.js'
import { namesErrorText, reasonText } from '../../../modal/names/namesMessage.js'
import { en } from '../../../modal/names/texts/en.js'
import { namesTexts } from '../../../modal/names/texts/index.js'
import { defaultNameZone, fullName, labelOf, nameZone } from '../../../modal/names/zone.js'
import { expectTranslatedLike } from '../support/featureCatalogue.js'
import { evmNetwork } from '../support/kit.js'

const others = supportedLocales.filter((locale) => locale !== 'en')

describe('the names texts', () => {
  it('English says the spec’s error texts word for word', () => {
    for (const [code, text] of Object.entries(namesErrorTexts))
      expect(en[`names.error.${code}` as keyof typeof en]).toBe(text)
    const ft = createTranslator('en', en)
    expect(namesErrorText(ft, 'REGISTER_FAILED', 'alice.pairwise.eth')).toBe(
      'Error registering name alice.pairwise.eth',
    )
    expect(new NamesError('REGISTER_FAILED', { name: 'alice.pairwise.eth' }).message).toBe(
      'Error registering name alice.pairwise.eth',
    )
  })

  it.each(others)('%s has every key of English, translated, with its placeholders', async (locale) => {
    const catalogue = await loadFeatureCatalogue(namesTexts, locale)
    expectTranslatedLike(catalogue, en)
    expect(catalogue['names.error.TOO_SHORT']).not.toBe(en['names.error.TOO_SHORT'])
  })

  it('a service reason we know reads in the visitor’s language; one we do not is shown in its own words', async () => {
    const ft = createTranslator('de', await loadFeatureCatalogue(namesTexts, 'de'))
    expect(reasonText(ft, 'Name is already taken')).toBe('Der Name ist bereits vergeben')
    expect(reasonText(ft, 'Can only contain letters, numbers and - characters')).toBe(
      'Darf nur Buchstaben, Ziffern und das Zeichen - enthalten',
    )
    expect(reasonText(ft, 'Name must end with .pairwise.eth')).toBe('Name must end with .pairwise.eth')
  })
})

describe('the names zone', () => {
  it('is pairwise.eth unless the app names its own in createAppKit (names.zone); a malformed zone is refused', () => {
    const networks = [evmNetwork(31337, 'http://127.0.0.1:1')]
    expect(defaultNameZone).toBe('pairwise.eth')
    expect(nameZone(resolveOptions({ networks }))).toBe('pairwise.eth')
    expect(nameZone(resolveOptions({ networks, names: { zone: 'example.eth' } }))).toBe('example.eth')
    expect(() => resolveOptions({ networks, names: { zone: 'Not A Zone' } })).toThrow(/names\.zone/)
    expect(fullName('alice-test', 'pairwise.eth')).toBe('alice-test.pairwise.eth')
    expect(labelOf('alice-test.pairwise.eth', 'pairwise.eth')).toBe('alice-test')
  })
})
