/** The locales the modal speaks; English ships with the first load, every other one is a chunk of its own. */
export const supportedLocales = [
  'en',
  'es',
  'fr',
  'de',
  'pt-BR',
  'it',
  'ja',
  'ko',
  'zh-CN',
  'zh-TW',
  'ru',
  'tr',
  'ar',
] as const

export type Locale = (typeof supportedLocales)[number]

/** The writing direction of a locale's script; Arabic is the one right-to-left language we ship. */
export function textDirection(locale: Locale): 'ltr' | 'rtl' {
  return locale === 'ar' ? 'rtl' : 'ltr'
}
