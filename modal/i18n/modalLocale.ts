import { browserLanguages } from './browserLanguages.js'
import { chooseLocale } from './chooseLocale.js'
import { type Locale, supportedLocales } from './locales.js'

/** The locale of a modal for the app's `locale` option and this browser; `warn` hears of an option we lack. */
export function modalLocale(option: string | undefined, warn: (message: string) => void): Locale {
  const { locale, unknown } = chooseLocale(option, browserLanguages())
  if (unknown !== undefined)
    warn(
      `Pairwise: locale "${unknown}" is not supported, showing English. Supported: ${supportedLocales.join(', ')}.`,
    )
  return locale
}
