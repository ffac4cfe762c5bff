import { approveVisibleMs } from '@pairwise/engine/frame'

type VisibilityEntry = IntersectionObserverEntry & { isVisible?: boolean }

/**
 * Where the browser cannot tell whether something covers the frame (no IntersectionObserver v2
 * `isVisible`: Firefox, Safari), Approve takes a click only this long after the frame came into view in
 * a visible tab: a page that slides or pops the frame under the user's pointer gets nothing from a click
 * meant for its own button. An opaque layer over the frame cannot be seen from inside there at all.
 */
export const approveVisibleUnverifiedMs = 1500

export type VisibilityGate = {
  /** Whether a click counts now: in view, not known to be covered, in a visible tab, for the whole delay. */
  clickable(): boolean
  /** Stops watching (the screen is done); the gate then stays shut. */
  stop(): void
}

/**
 * Watches `targets` while a screen waits for a click. It opens once each target has been wholly in view,
 * unobscured where the browser can tell (IntersectionObserver v2 in Chromium), in a visible document, for
 * `approveVisibleMs` without a break (`approveVisibleUnverifiedMs` where covering cannot be told). Hidden,
 * covered or out of view, it shuts at once and the clock starts again: a host page cannot make the user
 * click blind. `onChange` hears every opening and shutting (the button's disabled state).
 */
export function visibilityGate(
  targets: readonly Element[],
  signal: AbortSignal,
  onChange: (clickable: boolean) => void,
): VisibilityGate {
  // Each target's last report: in view, and not known to be covered.
  const shown = new Map<Element, boolean>()
  let inView = false
  let coveringKnown = false
  let open = false
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | undefined
  const set = (value: boolean) => {
    if (open === value) return
    open = value
    onChange(value)
  }
  const restart = () => {
    clearTimeout(timer)
    set(false)
    if (stopped || !inView || document.visibilityState !== 'visible') return
    timer = setTimeout(() => set(true), coveringKnown ? approveVisibleMs : approveVisibleUnverifiedMs)
  }
  const options = { threshold: 1, trackVisibility: true, delay: 100 } as IntersectionObserverInit
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries as VisibilityEntry[]) {
      coveringKnown = typeof entry.isVisible === 'boolean'
      shown.set(entry.target, entry.isIntersecting && entry.isVisible !== false)
    }
    inView = targets.every((target) => shown.get(target) === true)
    restart()
  }, options)
  const stop = () => {
    stopped = true
    clearTimeout(timer)
    observer.disconnect()
    document.removeEventListener('visibilitychange', restart)
    open = false
  }
  for (const target of targets) observer.observe(target)
  document.addEventListener('visibilitychange', restart)
  signal.addEventListener('abort', stop, { once: true })
  return {
    clickable: () => open && !stopped && inView && document.visibilityState === 'visible',
    stop,
  }
}
