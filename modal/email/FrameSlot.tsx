import { useLayoutEffect, useRef } from 'react'
import type { EmbeddedWallet } from '../embedded/index.js'
import { followSlot } from './followSlot.js'

/**
 * The place in a view where the secure frame shows itself: the frame is not in the modal's tree (it is its
 * own origin's document), so it is laid fixed over this box and follows it while the view is up.
 */
export function FrameSlot({ wallet, height = 360 }: { wallet: EmbeddedWallet | undefined; height?: number }) {
  const box = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    const element = box.current
    if (!wallet || !element) return
    return followSlot(element, wallet.frame)
  }, [wallet])
  return <div ref={box} className="frame-slot" style={{ height }} data-testid="frame-slot" />
}
