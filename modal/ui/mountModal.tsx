import type { Root } from 'react-dom/client'
import type { AppKit } from '../core/appKit.js'
import { ModalRoot } from './ModalRoot.js'
import { renderIntoShadow } from './renderIntoShadow.js'

/** The dialog (or, embedded, the inline card) of `kit`, rendered into `host`'s open shadow root. */
export function mountModal(host: HTMLElement, kit: AppKit): Root {
  return renderIntoShadow(host, kit, <ModalRoot />)
}
