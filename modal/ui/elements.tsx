import type { ReactNode } from 'react'
import type { Root } from 'react-dom/client'
import { AccountButton, AppKitButton, ConnectButton, NetworkButton } from './buttons.js'
import { findKit, onKitReady } from './kitLookup.js'
import { ModalRoot } from './ModalRoot.js'
import { renderIntoShadow } from './renderIntoShadow.js'

type Render = (element: HTMLElement) => ReactNode

const elements: Record<string, Render> = {
  'appkit-button': (el) => (
    <AppKitButton label={el.getAttribute('label') ?? undefined} balance={balanceAttribute(el)} />
  ),
  'appkit-connect-button': (el) => <ConnectButton label={el.getAttribute('label') ?? undefined} />,
  'appkit-account-button': (el) => <AccountButton balance={balanceAttribute(el)} />,
  'appkit-network-button': () => <NetworkButton />,
  'appkit-modal': () => <ModalRoot />,
}

function balanceAttribute(el: HTMLElement): 'show' | 'hide' | undefined {
  const value = el.getAttribute('balance')
  return value === 'show' || value === 'hide' ? value : undefined
}

/**
 * Defines `<appkit-button>` and friends once per page. Each element finds its instance through the page
 * (the `kit` attribute picks one of several) and renders into its own open shadow root.
 */
export function defineElements(registry: CustomElementRegistry): void {
  for (const [name, render] of Object.entries(elements)) {
    if (registry.get(name)) continue
    registry.define(
      name,
      class extends HTMLElement {
        #root: Root | undefined
        #stopWaiting: (() => void) | undefined

        connectedCallback() {
          if (this.#mount()) return
          this.#stopWaiting = onKitReady(this.ownerDocument, () => this.#mount() && this.#stopWaiting?.())
        }

        #mount(): boolean {
          if (this.#root) return true
          const kit = findKit(this.ownerDocument, this.getAttribute('kit') ?? undefined)
          if (!kit) return false
          this.#root = renderIntoShadow(this, kit, render(this))
          return true
        }

        disconnectedCallback() {
          this.#stopWaiting?.()
          this.#root?.unmount()
          this.#root = undefined
        }
      },
    )
  }
}
