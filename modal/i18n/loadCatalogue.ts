import { type Catalogue, en } from './en.js'
import type { Locale } from './locales.js'

type CatalogueModule = Promise<{ catalogue: Catalogue }>

// One dynamic import each, so a bundler makes every locale a chunk of its own, fetched only when chosen.
const loaders: Record<Exclude<Locale, 'en'>, () => CatalogueModule> = {
  es: () => import('./locales/es.js'),
  fr: () => import('./locales/fr.js'),
  de: () => import('./locales/de.js'),
  'pt-BR': () => import('./locales/pt-BR.js'),
  it: () => import('./locales/it.js'),
  ja: () => import('./locales/ja.js'),
  ko: () => import('./locales/ko.js'),
  'zh-CN': () => import('./locales/zh-CN.js'),
  'zh-TW': () => import('./locales/zh-TW.js'),
  ru: () => import('./locales/ru.js'),
  tr: () => import('./locales/tr.js'),
  ar: () => import('./locales/ar.js'),
}

/** The texts of `locale`: English at once, any other from its chunk. */
export async function loadCatalogue(locale: Locale): Promise<Catalogue> {
  if (locale === 'en') return en
  return (await loaders[locale]()).catalogue
}
