import { createContext, useContext, useSyncExternalStore } from 'react'
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
  return useSyncExternalStore(
    (onChange) => kit.store.subscribe(onChange),
    () => select(kit.store.get()),
    () => select(kit.store.get()),
  )
}
