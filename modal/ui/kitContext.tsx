import { createContext, useCallback, useContext, useSyncExternalStore } from 'react'
import type { AppKit } from '../core/appKit.js'
import type { Translate } from '../i18n/translate.js'
import type { AppState } from '../state/types.js'

export type KitValue = { kit: AppKit; t: Translate }

export const KitContext = createContext<KitValue | null>(null)

export function useKit(): KitValue {
  const value = useContext(KitContext)
  if (!value) throw new Error('Pairwise modal components must be rendered inside their AppKit root')
  return value
}

/** Re-renders when the selected slice changes (compared by identity). */
export function useAppState<T>(select: (state: AppState) => T): T {
  const { kit } = useKit()
  // Another subscribe function makes React unsubscribe and subscribe again: one per kit, not per render.
  const subscribe = useCallback((onChange: () => void) => kit.store.subscribe(onChange), [kit])
  return useSyncExternalStore(
    subscribe,
    () => select(kit.store.get()),
    () => select(kit.store.get()),
  )
}
