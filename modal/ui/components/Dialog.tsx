import { type KeyboardEvent, type ReactNode, useLayoutEffect, useRef } from 'react'
import { deepActiveElement, focusableIn } from './focus.js'
import { useGrowDownward } from './growDownward.js'

/**
 * A modal dialog: labelled, focus moved in and trapped, Escape closes, focus restored on close; centred as
 * each `view` opens, then growing downward (useGrowDownward).
 */
export function Dialog(props: {
  labelledBy: string
  view: string
  onClose: () => void
  shake: boolean
  children: ReactNode
}) {
  const card = useRef<HTMLDivElement>(null)
  useGrowDownward(card, props.view)
  // A layout effect: a passive one runs after the paint that shows the dialog, when a key pressed by then may
  // already have moved focus into it, and the element to give focus back to would be lost.
  useLayoutEffect(() => {
    const opener = deepActiveElement(document)
    const first = card.current && focusableIn(card.current).find((el) => !el.classList.contains('back'))
    ;(first ?? card.current)?.focus()
    return () => opener?.focus()
  }, [])
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation()
      props.onClose()
      return
    }
    if (event.key !== 'Tab' || !card.current) return
    const items = focusableIn(card.current)
    const first = items[0]
    const last = items.at(-1)
    const root = card.current.getRootNode() as ShadowRoot | Document
    const active = root.activeElement
    if (event.shiftKey && (active === first || active === card.current)) {
      event.preventDefault()
      last?.focus()
    } else if (!event.shiftKey && active === last) {
      event.preventDefault()
      first?.focus()
    }
  }
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a backdrop click is a pointer convenience; keyboard users have Escape and the close button.
    <div
      className="overlay"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) props.onClose()
      }}
    >
      <div
        ref={card}
        className={props.shake ? 'card shake' : 'card'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={props.labelledBy}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        data-testid="modal-card"
      >
        {props.children}
      </div>
    </div>
  )
}
