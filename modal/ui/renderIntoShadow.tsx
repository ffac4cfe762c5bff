import { type ReactNode, useEffect, useState } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import type { AppKit } from '../core/appKit.js'
import { loadTranslator } from '../i18n/loadTranslator.js'
import { textDirection } from '../i18n/locales.js'
import { modalLocale } from '../i18n/modalLocale.js'
import type { Translate } from '../i18n/translate.js'
import { KitContext } from './kitContext.js'
import { ThemeStyle } from './ThemeStyle.js'

/** Renders `children` for `kit` into an open shadow root of `host`, so host CSS cannot reach it. */
export function renderIntoShadow(host: HTMLElement, kit: AppKit, children: ReactNode): Root {
  const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' })
  const root = createRoot(shadow)
  // Chosen once per mount, outside React, so an unknown locale warns once even under StrictMode.
  const translator = loadTranslator(modalLocale(kit.options.locale, console.warn))
  root.render(
    <Localized kit={kit} translator={translator}>
      {children}
    </Localized>,
  )
  return root
}

/**
 * The modal in its language and direction. Until another locale's chunk has arrived it renders nothing, so
 * no English flashes up before the reader's language (the chunk is small and fetched at mount, long before
 * a click usually opens the dialog).
 */
function Localized(props: { kit: AppKit; translator: Translate | Promise<Translate>; children: ReactNode }) {
  const { translator } = props
  const [t, setT] = useState(() => (typeof translator === 'function' ? translator : undefined))
  useEffect(() => {
    let mounted = true
    if (typeof translator !== 'function') void translator.then((loaded) => mounted && setT(() => loaded))
    return () => {
      mounted = false
    }
  }, [translator])
  if (!t) return null
  return (
    <KitContext.Provider value={{ kit: props.kit, t }}>
      <ThemeStyle />
      <div className="locale-root" lang={t.locale} dir={textDirection(t.locale)}>
        {props.children}
      </div>
    </KitContext.Provider>
  )
}
