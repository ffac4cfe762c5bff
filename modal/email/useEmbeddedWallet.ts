import { useEffect, useState } from 'react'
import type { EmbeddedWallet } from '../embedded/index.js'
import { useKit } from '../ui/kitContext.js'
import { embeddedWallet } from './emailFlow.js'

/** The modal's embedded wallet once loaded; undefined while it loads or when it cannot. */
export function useEmbeddedWallet(): EmbeddedWallet | undefined {
  const { kit } = useKit()
  const [wallet, setWallet] = useState<EmbeddedWallet>()
  useEffect(() => {
    let live = true
    embeddedWallet(kit.context).then(
      (loaded) => live && setWallet(loaded),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [kit])
  return wallet
}
