import { describe, expect, it } from 'vitest'
import { type Catalogue, en, type MessageKey } from '../../../modal/i18n/en.js'
import { loadCatalogue } from '../../../modal/i18n/loadCatalogue.js'
import { supportedLocales } from '../../../modal/i18n/locales.js'
import type { Message } from '../../../modal/i18n/message.js'

/** The `{placeholders}` of a text, sorted. */
function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '').sort()
}

function formsOf(message: Message): [string, string][] {
  return typeof message === 'string' ? [['text', message]] : Object.entries(message)
}

const others = supportedLocales.filter((locale) => locale !== 'en')
const englishKeys = Object.keys(en).sort()

describe('catalogues', () => {
  it('English has every text the modal shows, at least one with plural forms', () => {
    expect(englishKeys.length).toBeGreaterThan(100)
    expect(Object.values(en).some((message) => typeof message !== 'string')).toBe(true)
  })

  describe.each(others)('%s', (locale) => {
    it('has exactly the keys of English, none empty', async () => {
      const catalogue: Catalogue = await loadCatalogue(locale)
      expect(Object.keys(catalogue).sort()).toEqual(englishKeys)
      for (const [key, message] of Object.entries(catalogue))
        for (const [form, text] of formsOf(message)) expect(text.trim(), `${key} ${form}`).not.toBe('')
    })

    it('keeps the placeholders of English in every text', async () => {
      const catalogue = await loadCatalogue(locale)
      for (const key of englishKeys as MessageKey[]) {
        const english = en[key] as Message
        const translated = catalogue[key] as Message
        expect(typeof translated, key).toBe(typeof english)
        const wanted = [...new Set(formsOf(english).flatMap(([, text]) => placeholders(text)))].sort()
        if (typeof translated === 'string') {
          expect(placeholders(translated), key).toEqual(wanted)
          continue
        }
        // A form may leave the count out where the language says it in words (Arabic 'محفظتان', two
        // wallets), but `other` must carry every placeholder and no form may invent one.
        expect(placeholders(translated.other), `${key} other`).toEqual(wanted)
        for (const [form, text] of formsOf(translated))
          for (const name of placeholders(text)) expect(wanted, `${key} ${form}`).toContain(name)
      }
    })

    it('gives counted texts exactly the plural forms the language has in Intl.PluralRules', async () => {
      const catalogue = await loadCatalogue(locale)
      const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories
      for (const [key, message] of Object.entries(catalogue)) {
        if (typeof message === 'string') continue
        expect(Object.keys(message).sort(), key).toEqual([...categories].sort())
      }
    })
  })

  it('English forms are the ones English has', () => {
    const categories = new Intl.PluralRules('en').resolvedOptions().pluralCategories
    for (const [key, message] of Object.entries(en))
      if (typeof message !== 'string')
        expect(Object.keys(message).sort(), key).toEqual([...categories].sort())
  })
})
