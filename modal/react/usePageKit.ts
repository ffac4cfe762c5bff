import { useContext, useEffect, useRef, useState, useSyncExternalStore } from 'react'
import type { AppKit } from '../core/appKit.js'
import { shallowEqual } from '../core/shallowEqual.js'
import type { AppState } from '../state/types.js'
import { KitContext } from '../ui/kitContext.js'
import { findKit, onKitReady } from '../ui/kitLookup.js'

/**
 * The instance a hook talks to: the one whose tree renders it, else the page's (found through the DOM,
 * so hooks work anywhere on the page as AppKit's do, without a module-level registry). Undefined on the
 * server and until createAppKit has run.
 */
export function usePageKit(id?: string): AppKit | undefined {
  const inTree = useContext(KitContext)?.kit
  const [found, setFound] = useState<AppKit | undefined>(() =>
    inTree || typeof document === 'undefined' ? undefined : findKit(document, id),
  )
  useEffect(() => {
    // Effects run only in a browser, so `document` is there.
    if (inTree || found) return
    const retry = () => setFound(findKit(document, id))
    retry()
    return onKitReady(document, retry)
  }, [inTree, found, id])
  return inTree ?? found
}

/** Selects from the instance's state; re-renders only when a selected field changes (shallow compare). */
export function useKitState<T extends object>(
  kit: AppKit | undefined,
  select: (state: AppState | undefined) => T,
): T {
  const cache = useRef<T | undefined>(undefined)
  const read = () => {
    const next = select(kit?.store.get())
    if (cache.current && shallowEqual(cache.current, next)) return cache.current
    cache.current = next
    return next
  }
  return useSyncExternalStore((onChange) => kit?.store.subscribe(onChange) ?? (() => {}), read, read)
}
