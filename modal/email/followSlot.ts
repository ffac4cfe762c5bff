import type { EmbeddedWallet, FrameRect } from '../embedded/index.js'

type Frame = EmbeddedWallet['frame']

/**
 * Keeps the secure frame over `slot` until the returned stop is called, then hides it.
 *
 * The slot moves for reasons no one event tells of: a late web font reflowing the text above it, that text
 * changing, the card's entrance animation, the card or the page scrolling, the window resizing. A
 * ResizeObserver sees none of these when the slot keeps its size. So the slot's rectangle is read once every
 * animation frame, when layout is usually clean and the read costs microseconds, and the frame is written
 * only when that rectangle (or its visible part) changed. The frame is fixed and outside the modal's tree,
 * so writing it never changes the layout read: there is no loop, and a slot at rest leaves the frame still.
 *
 * The frame is drawn only where the slot shows through the boxes that clip it (the card's scroll area),
 * never over the card's header or outside it. When focus enters the frame (it focuses its passphrase or
 * code field, or the visitor tabs into it), the slot is scrolled into view, as a browser scrolls to a
 * focused field: the frame is fixed, so the browser cannot do this for it.
 */
export function followSlot(slot: HTMLElement, frame: Frame): () => void {
  const document = slot.ownerDocument
  const view = document.defaultView
  if (!view) return () => frame.hide()
  const clips = clippingBoxes(slot, view)
  let placed = ''
  let focused = false
  let next = 0
  const follow = () => {
    const rect = slot.getBoundingClientRect()
    const visible = clips.reduce<FrameRect>((shown, box) => intersection(shown, paddingBox(box)), rect)
    const place = `${placement(rect)} ${placement(visible)}`
    if (place !== placed) {
      placed = place
      frame.show(rect, visible)
    }
    const focusedNow = frame.isFrame(document.activeElement)
    if (focusedNow && !focused) slot.scrollIntoView({ block: 'nearest', inline: 'nearest' })
    focused = focusedNow
    next = view.requestAnimationFrame(follow)
  }
  follow()
  return () => {
    view.cancelAnimationFrame(next)
    frame.hide()
  }
}

/** The slot's ancestors, across shadow roots, that clip what overflows them (the card scrolls its view). */
function clippingBoxes(slot: HTMLElement, view: Window): Element[] {
  const boxes: Element[] = []
  for (let box = parentOf(slot); box; box = parentOf(box)) {
    const style = view.getComputedStyle(box)
    if (style.overflowX !== 'visible' || style.overflowY !== 'visible') boxes.push(box)
  }
  return boxes
}

function parentOf(element: Element): Element | null {
  if (element.parentElement) return element.parentElement
  const root = element.getRootNode()
  return 'host' in root && root.host instanceof Element ? root.host : null
}

/** The part of a box its content shows in: inside its borders and scrollbars. */
function paddingBox(box: Element): FrameRect {
  const outer = box.getBoundingClientRect()
  return {
    top: outer.top + box.clientTop,
    left: outer.left + box.clientLeft,
    width: box.clientWidth,
    height: box.clientHeight,
  }
}

function placement({ top, left, width, height }: FrameRect): string {
  return `${top},${left},${width},${height}`
}

function intersection(a: FrameRect, b: FrameRect): FrameRect {
  const top = Math.max(a.top, b.top)
  const left = Math.max(a.left, b.left)
  return {
    top,
    left,
    width: Math.max(0, Math.min(a.left + a.width, b.left + b.width) - left),
    height: Math.max(0, Math.min(a.top + a.height, b.top + b.height) - top),
  }
}
