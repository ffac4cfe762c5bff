import { useEffect, useState } from 'react'
import { type FeatureEnglish, type FeatureTexts, loadFeatureCatalogue } from '../i18n/featureTexts.js'
import type { Locale } from '../i18n/locales.js'
import { createTranslator, type Translate } from '../i18n/translate.js'
import { useKit } from './kitContext.js'

type Loaded<E extends FeatureEnglish> = { locale: Locale; translate: Translate<keyof E & string> }

/**
 * A feature's translator in the modal's locale: at once in English, `undefined` while another locale's
 * chunk loads (the view shows the loading spinner then). Kept in the component, not in a module cache: the
 * module loader already holds each chunk once.
 */
export function useFeatureTexts<E extends FeatureEnglish>(
  texts: FeatureTexts<E>,
): Translate<keyof E & string> | undefined {
  const { t } = useKit()
  const [loaded, setLoaded] = useState<Loaded<E> | undefined>(() =>
    t.locale === 'en' ? { locale: 'en', translate: createTranslator('en', texts.en) } : undefined,
  )
  const ready = loaded?.locale === t.locale
  useEffect(() => {
    if (ready) return
    let live = true
    void loadFeatureCatalogue(texts, t.locale).then((catalogue) => {
      if (live) setLoaded({ locale: t.locale, translate: createTranslator(t.locale, catalogue) })
    })
    return () => {
      live = false
    }
  }, [texts, t.locale, ready])
  return ready ? loaded.translate : undefined
}
