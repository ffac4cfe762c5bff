import type { Locale } from './locales.js'
import type { Message, PluralForms } from './message.js'

/** A feature's English texts: keys of its own, so they ship with the feature's chunk, not the first load. */
export type FeatureEnglish = { readonly [key: string]: Message }

/** The same keys in another locale: a plain text where English has one, forms where it has forms. */
export type FeatureCatalogue<E extends FeatureEnglish> = {
  readonly [K in keyof E]: E[K] extends string ? string : PluralForms
}

type OtherLocale = Exclude<Locale, 'en'>

/**
 * A feature's texts: English at hand and one loader per other locale (a dynamic import each, so every
 * locale of every feature is a chunk fetched only when a view of the feature shows in that locale).
 */
export type FeatureTexts<E extends FeatureEnglish> = {
  readonly en: E
  readonly locales: { readonly [L in OtherLocale]: () => Promise<{ catalogue: FeatureCatalogue<E> }> }
}

export function defineFeatureTexts<E extends FeatureEnglish>(
  en: E,
  locales: FeatureTexts<E>['locales'],
): FeatureTexts<E> {
  return { en, locales }
}

/** The feature's texts in `locale`; English when the locale's chunk fails to load, so a view still reads. */
export async function loadFeatureCatalogue<E extends FeatureEnglish>(
  texts: FeatureTexts<E>,
  locale: Locale,
): Promise<FeatureCatalogue<E> | E> {
  if (locale === 'en') return texts.en
  try {
    return (await texts.locales[locale]()).catalogue
  } catch {
    return texts.en
  }
}
