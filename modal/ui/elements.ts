import { propertiesToCss, type ThemeMode, themeProperties } from '@pairwise/common/theme'
import type { AppKit } from '../core/appKit.js'
import { browserLanguages } from '../i18n/browserLanguages.js'
import { chooseLocale } from '../i18n/chooseLocale.js'
import { loadTranslator } from '../i18n/loadTranslator.js'
import { textDirection } from '../i18n/locales.js'
import { createTranslator, type Translate } from '../i18n/translate.js'
import { baseCss, buttonCss } from '../theme/styles.js'
import type { ThemeVariables } from '../theme/tokens.js'
import {
  type ButtonAttributes,
  type ButtonElementName,
  type ButtonModel,
  buttonElementNames,
  buttonModel,
} from './buttonModel.js'
import { findKit, onKitReady } from './kitLookup.js'

/** How buttons look before their instance exists; pass the theme the instance will have to avoid a flash. */
export type EarlyTheme = { themeMode?: ThemeMode; themeVariables?: ThemeVariables }

/**
 * Defines `<appkit-button>` and friends once per page. The buttons are plain DOM (no React) so a page can
 * define them first and paint them before the modal's code has loaded; each finds its instance through
 * the page (the `kit` attribute picks one of several) and renders into its own open shadow root. A click
 * that comes before the instance opens the modal as soon as it exists.
 */
export function defineElements(registry: CustomElementRegistry, early: EarlyTheme = {}): void {
  for (const name of buttonElementNames)
    if (!registry.get(name)) registry.define(name, buttonElement(name, early))
  if (!registry.get('appkit-modal')) registry.define('appkit-modal', modalElement())
}

/** Runs `onKit` once the element's instance is on the page; returns how to stop waiting. */
function whenKit(element: HTMLElement, onKit: (kit: AppKit) => void): () => void {
  const lookUp = () => findKit(element.ownerDocument, element.getAttribute('kit') ?? undefined)
  const kit = lookUp()
  if (kit) {
    onKit(kit)
    return () => {}
  }
  const stop = onKitReady(element.ownerDocument, () => {
    const found = lookUp()
    if (!found) return
    stop()
    onKit(found)
  })
  return stop
}

function buttonElement(name: ButtonElementName, early: EarlyTheme): CustomElementConstructor {
  return class extends HTMLElement {
    static observedAttributes = ['label', 'balance']
    #kit: AppKit | undefined
    #t: Translate = createTranslator()
    #style = document.createElement('style')
    #button = document.createElement('button')
    #shown = ''
    #pendingOpen = false
    #stop: (() => void)[] = []

    constructor() {
      super()
      this.#button.type = 'button'
      this.#button.addEventListener('click', () => this.#open())
      this.attachShadow({ mode: 'open' }).append(this.#style, this.#button)
    }

    connectedCallback() {
      this.#render()
      this.#stop.push(
        whenKit(this, (kit) => {
          this.#kit = kit
          this.#useLocale(kit)
          this.#stop.push(kit.store.subscribe(() => this.#render()))
          this.#render()
          if (this.#pendingOpen) this.#open()
        }),
      )
    }

    disconnectedCallback() {
      for (const stop of this.#stop.splice(0)) stop()
      this.#kit = undefined
    }

    attributeChangedCallback() {
      this.#render()
    }

    /**
     * English until the instance's locale has loaded (the button paints before the instance exists, so
     * before its locale is known); the modal's mount warns about an unknown locale, the buttons do not.
     */
    #useLocale(kit: AppKit) {
      const settle = (t: Translate) => {
        if (this.#kit !== kit) return
        this.#t = t
        this.#button.lang = t.locale
        this.#button.dir = textDirection(t.locale)
        this.#render()
      }
      const translator = loadTranslator(chooseLocale(kit.options.locale, browserLanguages()).locale)
      if (typeof translator === 'function') settle(translator)
      else void translator.then(settle)
    }

    #model(): ButtonModel | null {
      const balance = this.getAttribute('balance')
      const attributes: ButtonAttributes = {
        label: this.getAttribute('label') ?? undefined,
        balance: balance === 'show' || balance === 'hide' ? balance : undefined,
      }
      return buttonModel(name, this.#kit?.store.get(), attributes, this.#t)
    }

    #open() {
      const kit = this.#kit
      this.#pendingOpen = !kit
      const view = this.#model()?.opens
      if (kit) void kit.open(view ? { view } : {})
    }

    #render() {
      const theme = this.#kit?.store.get().theme
      const css = `${baseCss}${buttonCss}${propertiesToCss(
        ':host',
        themeProperties(
          theme?.mode ?? early.themeMode ?? 'light',
          (theme?.variables as ThemeVariables | undefined) ?? early.themeVariables,
        ),
      )}`
      if (this.#style.textContent !== css) this.#style.textContent = css
      const model = this.#model()
      const shown = JSON.stringify(model)
      if (shown === this.#shown) return
      this.#shown = shown
      this.#button.hidden = !model
      if (!model) return
      this.#button.className = model.variant === 'account' ? 'kit-button account' : 'kit-button'
      this.#button.dataset.testid = model.testId
      // Each text in a span of its own: the last (an address or a name up to 63 characters) is cut short with
      // an ellipsis when the button has no room, which bare text in a flex box cannot be.
      this.#button.replaceChildren(
        ...model.text.map((text) => Object.assign(document.createElement('span'), { textContent: text })),
      )
    }
  }
}

/** `<appkit-modal>`: the embedded card; its React code loads once the instance exists. */
function modalElement(): CustomElementConstructor {
  return class extends HTMLElement {
    #stop: (() => void) | undefined
    #unmount: (() => void) | undefined

    connectedCallback() {
      this.#stop = whenKit(this, (kit) => {
        void import('./mountModal.js').then(({ mountModal }) => {
          if (!this.isConnected || this.#unmount) return
          const root = mountModal(this, kit)
          this.#unmount = () => root.unmount()
        })
      })
    }

    disconnectedCallback() {
      this.#stop?.()
      this.#unmount?.()
      this.#unmount = undefined
    }
  }
}
