import { type RefObject, useLayoutEffect } from 'react'

/** Room between the card and the window's top and bottom, as the card's max-height leaves it (100vh − 16px). */
const EDGE_PX = 8

/**
 * Keeps the card's top edge where it stood while its view's content grows or shrinks (a section whose code
 * arrives after the view opened, balances, an announced wallet). Centred by CSS alone, the card moved every
 * row above the change by half of it, under the pointer of a visitor about to press one: the email field
 * arriving on Connect moved the wallet rows up 42 px. The card moves up only as far as staying in the window
 * needs, and is centred afresh for each view and when the window's height changes.
 */
export function useGrowDownward(card: RefObject<HTMLElement | null>, view: string): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: another view is centred afresh, so `view` restarts it.
  useLayoutEffect(() => {
    const element = card.current
    const overlay = element?.parentElement
    if (!element || !overlay || typeof ResizeObserver === 'undefined') return
    let room = overlay.clientHeight
    let top: number | undefined
    const place = () => {
      if (overlay.clientHeight !== room) {
        room = overlay.clientHeight
        top = undefined
      }
      // On a whole pixel, wherever the view's loads left it: its edges and text are drawn the same every time.
      const { height } = element.getBoundingClientRect()
      top = Math.max(
        EDGE_PX,
        Math.min(top ?? Math.round((room - height) / 2), Math.floor(room - EDGE_PX - height)),
      )
      element.style.marginTop = `${top}px`
    }
    element.style.alignSelf = 'flex-start'
    place()
    const observer = new ResizeObserver(place)
    observer.observe(element)
    observer.observe(overlay)
    return () => {
      observer.disconnect()
      element.style.removeProperty('align-self')
      element.style.removeProperty('margin-top')
    }
  }, [card, view])
}
