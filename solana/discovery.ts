import type { Wallets } from '@wallet-standard/app'
import type { Wallet } from './walletStandard.js'

/**
 * Follows the page's Wallet Standard registry through one watcher: the wallets registered before, then each
 * registered or unregistered later, kept when `accept` takes them. `onChange` hears the whole list each
 * time. (AppKit 1.7's unregister handler kept only the wallets being removed; this one removes them.)
 */
export function watchWallets(
  registry: Wallets,
  accept: (wallet: Wallet) => boolean,
  onChange: (wallets: readonly Wallet[]) => void,
): () => void {
  let wallets = registry.get().filter(accept)
  onChange(wallets)
  const offRegister = registry.on('register', (...added) => {
    const fresh = added.filter((wallet) => accept(wallet) && !wallets.includes(wallet))
    if (fresh.length === 0) return
    wallets = [...wallets, ...fresh]
    onChange(wallets)
  })
  const offUnregister = registry.on('unregister', (...removed) => {
    const kept = wallets.filter((wallet) => !removed.includes(wallet))
    if (kept.length === wallets.length) return
    wallets = kept
    onChange(wallets)
  })
  return () => {
    offRegister()
    offUnregister()
  }
}
