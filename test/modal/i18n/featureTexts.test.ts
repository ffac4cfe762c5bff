import { describe, expect, it } from 'vitest'
import {
  defineFeatureTexts,
  type FeatureCatalogue,
  loadFeatureCatalogue,
} from '../../../modal/i18n/featureTexts.js'
import { createTranslator } from '../../../modal/i18n/translate.js'

const en = { 'send.title': 'Send', 'send.count': { one: '{count} token', other: '{count} tokens' } } as const
const de: FeatureCatalogue<typeof en> = {
  'send.title': 'Senden',
  'send.count': { one: '{count} Token', other: '{count} Token' },
}
const failing = () => Promise.reject(new Error('chunk blocked'))
const texts = defineFeatureTexts(en, {
  de: async () => ({ catalogue: de }),
  es: failing,
  fr: failing,
  'pt-BR': failing,
  it: failing,
  ja: failing,
  ko: failing,
  'zh-CN': failing,
  'zh-TW': failing,
  ru: failing,
  tr: failing,
  ar: failing,
})

describe('a feature’s own texts', () => {
  it('English is at hand; another locale comes from its loader, with its plural forms', async () => {
    expect(await loadFeatureCatalogue(texts, 'en')).toBe(en)
    const t = createTranslator('de', await loadFeatureCatalogue(texts, 'de'))
    expect(t('send.title')).toBe('Senden')
    expect(t('send.count', { count: 1200 })).toBe('1.200 Token')
  })

  it('a locale whose chunk fails to load reads in English instead of showing nothing', async () => {
    const t = createTranslator('es', await loadFeatureCatalogue(texts, 'es'))
    expect(t('send.count', { count: 1 })).toBe('1 token')
  })
})
