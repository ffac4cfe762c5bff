import { approveVisibleMs } from '../../../../engine/frame/index.js'

type VisibilityEntry = IntersectionObserverEntry & { isVisible?: boolean }

/**
 * Resolves once `target` has been on screen, unobscured where the browser can tell (IntersectionObserver
 * v2 `isVisible` in Chromium), in a visible document, for `approveVisibleMs` without a break. A host page
 * can hide or cover the frame, but then the clock starts again: it cannot make the user click blind.
 */
export function visibleFor(target: Element, signal: AbortSignal, ms = approveVisibleMs): Promise<void> {
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined
    let observer: IntersectionObserver | undefined
    const stop = () => {
      clearTimeout(timer)
      observer?.disconnect()
      document.removeEventListener('visibilitychange', restart)
    }
    let seen = false
    const restart = () => {
      clearTimeout(timer)
      if (seen && document.visibilityState === 'visible')
        timer = setTimeout(() => {
          stop()
          resolve()
        }, ms)
    }
    const options = { threshold: 1, trackVisibility: true, delay: 100 } as IntersectionObserverInit
    observer = new IntersectionObserver((entries) => {
      const entry = entries[entries.length - 1] as VisibilityEntry | undefined
      seen = Boolean(entry?.isIntersecting) && entry?.isVisible !== false
      restart()
    }, options)
    observer.observe(target)
    document.addEventListener('visibilitychange', restart)
    signal.addEventListener('abort', stop, { once: true })
  })
}
