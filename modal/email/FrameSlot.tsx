import { useLayoutEffect, useRef } from 'react'
import type { EmbeddedWallet } from '../embedded/index.js'

/**
 * The place in a view where the secure frame shows itself: the frame is not in the modal's tree (it is its
 * own origin's document), so it is laid fixed over this box and follows it while the view is up.
 */
export function FrameSlot({ wallet, height = 360 }: { wallet: EmbeddedWallet | undefined; height?: number }) {
  const box = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    const element = box.current
    if (!wallet || !element) return
    const place = () => wallet.frame.show(element.getBoundingClientRect())
    place()
    const observer = new ResizeObserver(place)
    observer.observe(element)
    const view = element.ownerDocument.defaultView
    view?.addEventListener('resize', place)
    view?.addEventListener('scroll', place, true)
    return () => {
      observer.disconnect()
      view?.removeEventListener('resize', place)
      view?.removeEventListener('scroll', place, true)
      wallet.frame.hide()
    }
  }, [wallet])
  return <div ref={box} className="frame-slot" style={{ height }} data-testid="frame-slot" />
}
