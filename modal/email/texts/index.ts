import { defineFeatureTexts } from '../../i18n/featureTexts.js'
import { en } from './en.js'

/** English at hand, every other locale a chunk of its own. */
export const emailTexts = defineFeatureTexts(en, {
  es: () => import('./es.js'),
  fr: () => import('./fr.js'),
  de: () => import('./de.js'),
  'pt-BR': () => import('./pt-BR.js'),
  it: () => import('./it.js'),
  ja: () => import('./ja.js'),
  ko: () => import('./ko.js'),
  'zh-CN': () => import('./zh-CN.js'),
  'zh-TW': () => import('./zh-TW.js'),
  ru: () => import('./ru.js'),
  tr: () => import('./tr.js'),
  ar: () => import('./ar.js'),
})
