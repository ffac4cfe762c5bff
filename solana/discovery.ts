import { type AdapterContext, admissionRefusal } from '@pairwise/modal/adapter'
import type { Wallets } from '@wallet-standard/app'
import type { Wallet } from './walletStandard.js'

/** A Wallet Standard wallet's connector id: its name in the adapter's space. */
const standardConnectorId = (wallet: Wallet) => `solana:${wallet.name}`

/**
 * Follows the page's Wallet Standard registry through one watcher: the wallets registered before, then each
 * registered or unregistered later, kept when `accept` takes them. `onChange` hears the whole list each
 * time, by connector id. (AppKit 1.7's unregister handler kept only the wallets being removed; this one
 * removes them.)
 *
 * Any page script can register a wallet, under any name: one whose name may not be shown, one past the most
 * kept, or one whose name gives the id of a wallet registered before it (an impostor of Phantom named
 * "Phantom") is ignored, and `report` hears why (core/walletAdmission.ts). Each id is read once, when its
 * wallet registers, so a wallet whose name changes later cannot take another's id either.
 */
export function watchWallets(
  registry: Wallets,
  accept: (wallet: Wallet) => boolean,
  onChange: (wallets: ReadonlyMap<string, Wallet>) => void,
  report?: AdapterContext['report'],
): () => void {
  const wallets = new Map<string, Wallet>()
  /** Whether `wallet` joined the list. */
  const admit = (wallet: Wallet): boolean => {
    if (!accept(wallet) || [...wallets.values()].includes(wallet)) return false
    const id = standardConnectorId(wallet)
    const refusal = admissionRefusal({ id, name: wallet.name }, wallets)
    if (refusal !== undefined) {
      report?.('ignoring a registered wallet', { reason: refusal, id: id.slice(0, 200) })
      return false
    }
    wallets.set(id, wallet)
    return true
  }
  for (const wallet of registry.get()) admit(wallet)
  onChange(new Map(wallets))
  const offRegister = registry.on('register', (...added) => {
    // Every wallet is offered, not only up to the first kept.
    if (added.map(admit).includes(true)) onChange(new Map(wallets))
  })
  const offUnregister = registry.on('unregister', (...removed) => {
    const before = wallets.size
    for (const [id, wallet] of [...wallets]) if (removed.includes(wallet)) wallets.delete(id)
    if (wallets.size !== before) onChange(new Map(wallets))
  })
  return () => {
    offRegister()
    offUnregister()
  }
}
