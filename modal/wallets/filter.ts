import type { RegistryWallet } from './types.js'

export type WalletFilters = {
  featuredWalletIds?: string[]
  includeWalletIds?: string[]
  excludeWalletIds?: string[]
}

type Identified = { id: string; name: string; rdns?: string }

/** A wallet is named by a filter entry when the entry equals its id, its rdns or (case-insensitively) its name. */
export function isNamed(wallet: Identified, names: readonly string[]): boolean {
  const name = wallet.name.toLowerCase()
  return names.some(
    (n) => n === wallet.id || (wallet.rdns !== undefined && n === wallet.rdns) || n.toLowerCase() === name,
  )
}

/** Include narrows, exclude removes, featured come first in the order given. */
export function applyWalletFilters<W extends Identified>(wallets: readonly W[], filters: WalletFilters): W[] {
  const { includeWalletIds = [], excludeWalletIds = [], featuredWalletIds = [] } = filters
  const kept = wallets.filter(
    (w) => (includeWalletIds.length === 0 || isNamed(w, includeWalletIds)) && !isNamed(w, excludeWalletIds),
  )
  const rank = (w: W) => {
    const index = featuredWalletIds.findIndex((id) => isNamed(w, [id]))
    return index === -1 ? featuredWalletIds.length : index
  }
  return kept
    .map((w, i) => ({ w, i }))
    .sort((a, b) => rank(a.w) - rank(b.w) || a.i - b.i)
    .map(({ w }) => w)
}

export function searchWallets<W extends Identified>(wallets: readonly W[], query: string): W[] {
  const q = query.trim().toLowerCase()
  return q ? wallets.filter((w) => w.name.toLowerCase().includes(q)) : [...wallets]
}

export type { RegistryWallet }
