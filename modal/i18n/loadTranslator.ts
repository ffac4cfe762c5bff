import { loadCatalogue } from './loadCatalogue.js'
import type { Locale } from './locales.js'
import { createTranslator, type Translate } from './translate.js'

/**
 * The translator of `locale`: English at once; another locale once its chunk has loaded, or English when
 * the chunk cannot be fetched (offline, a blocked path), since English text beats none.
 */
export function loadTranslator(locale: Locale): Translate | Promise<Translate> {
  if (locale === 'en') return createTranslator()
  return loadCatalogue(locale).then(
    (catalogue) => createTranslator(locale, catalogue),
    () => createTranslator(),
  )
}
