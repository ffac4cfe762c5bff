import type { ReactNode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import type { AppKit } from '../core/appKit.js'
import { createTranslator } from '../i18n/translate.js'
import { KitContext } from './kitContext.js'
import { ThemeStyle } from './ThemeStyle.js'

/** Renders `children` for `kit` into an open shadow root of `host`, so host CSS cannot reach it. */
export function renderIntoShadow(host: HTMLElement, kit: AppKit, children: ReactNode): Root {
  const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' })
  const root = createRoot(shadow)
  const t = createTranslator(kit.options.locale)
  root.render(
    <KitContext.Provider value={{ kit, t }}>
      <ThemeStyle />
      {children}
    </KitContext.Provider>,
  )
  return root
}
