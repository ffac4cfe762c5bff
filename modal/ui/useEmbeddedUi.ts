import { useEffect, useState } from 'react'
import type { EmbeddedWalletUi } from '../controllers/embeddedWalletUi.js'
import { useKit } from './kitContext.js'

/**
 * The embedded wallet's views and sections, for an app that plugged one in: at once when loaded before,
 * else after its small module arrives; undefined without one (or while its module cannot load).
 */
export function useEmbeddedUi(): EmbeddedWalletUi | undefined {
  const loader = useKit().kit.context.embeddedUi
  const [ui, setUi] = useState(() => loader?.current())
  useEffect(() => {
    if (!loader || ui) return
    let live = true
    loader.load().then(
      (loaded) => live && setUi(loaded),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [loader, ui])
  return ui
}
