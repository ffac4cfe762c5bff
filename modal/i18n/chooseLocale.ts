import { type Locale, supportedLocales } from './locales.js'

/** The locale shown and, when the app asked for one we do not speak, what it asked for. */
export type LocaleChoice = { locale: Locale; unknown?: string }

/**
 * The app's `locale` option when we speak it, else the first of the browser's languages we speak, else
 * English. A tag matches exactly first (pt-BR, zh-TW), then by its language (fr-CA → fr, pt → pt-BR);
 * Chinese goes by script, then region: Traditional for Hant, TW, HK and MO, Simplified otherwise.
 */
export function chooseLocale(option: string | undefined, browserLanguages: readonly string[]): LocaleChoice {
  if (option !== undefined) {
    const locale = matchLocale(option)
    return locale ? { locale } : { locale: 'en', unknown: option }
  }
  for (const language of browserLanguages) {
    const locale = matchLocale(language)
    if (locale) return { locale }
  }
  return { locale: 'en' }
}

const traditionalChinese = new Set(['hant', 'tw', 'hk', 'mo'])

function matchLocale(tag: string): Locale | undefined {
  const parts = tag.trim().toLowerCase().replaceAll('_', '-').split('-')
  const exact = supportedLocales.find((locale) => locale.toLowerCase() === parts.join('-'))
  if (exact) return exact
  const [language, ...subtags] = parts
  if (language === 'zh')
    return !subtags.includes('hans') && subtags.some((s) => traditionalChinese.has(s)) ? 'zh-TW' : 'zh-CN'
  return supportedLocales.find((locale) => locale.split('-')[0]?.toLowerCase() === language)
}
