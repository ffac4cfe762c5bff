import type { RegistryWallet } from './types.js'

export type WalletFilters = {
  featuredWalletIds?: string[]
  includeWalletIds?: string[]
  excludeWalletIds?: string[]
}

type Identified = { id: string; name: string; rdns?: string }

/**
 * A wallet is named by a filter entry when the entry equals its id, or case-insensitively its rdns or name.
 * An rdns is a domain name, and EIP-6963 wallets announce it in whatever case they like (`io.MetaMask`).
 */
export function isNamed(wallet: Identified, names: readonly string[]): boolean {
  const name = wallet.name.toLowerCase()
  const rdns = wallet.rdns?.toLowerCase()
  return names.some((n) => {
    const lower = n.toLowerCase()
    return n === wallet.id || lower === rdns || lower === name
  })
}

/**
 * Include narrows, exclude removes, featured come first in the order given. A wallet is also named by the
 * names of the wallets `alsoKnownAs` gives for it (an installed wallet's registry entry).
 */
export function applyWalletFilters<W extends Identified>(
  wallets: readonly W[],
  filters: WalletFilters,
  alsoKnownAs: (wallet: W) => readonly Identified[] = () => [],
): W[] {
  const { includeWalletIds = [], excludeWalletIds = [], featuredWalletIds = [] } = filters
  const named = (w: W, names: readonly string[]) =>
    isNamed(w, names) || alsoKnownAs(w).some((other) => isNamed(other, names))
  const kept = wallets.filter(
    (w) => (includeWalletIds.length === 0 || named(w, includeWalletIds)) && !named(w, excludeWalletIds),
  )
  const rank = (w: W) => {
    const index = featuredWalletIds.findIndex((id) => named(w, [id]))
    return index === -1 ? featuredWalletIds.length : index
  }
  return kept
    .map((w, i) => ({ w, i }))
    .sort((a, b) => rank(a.w) - rank(b.w) || a.i - b.i)
    .map(({ w }) => w)
}

/** The wallets whose name contains `query`, ignoring case, accents and the spaces around the query. */
export function searchWallets<W extends Identified>(wallets: readonly W[], query: string): W[] {
  const q = searchable(query.trim())
  return q ? wallets.filter((w) => searchable(w.name).includes(q)) : [...wallets]
}

/**
 * `text` lower-cased and without accents: a phone keyboard types `fenix` for Fénix, and `ã` may come
 * precomposed from one keyboard and as `a` plus a combining tilde from another.
 */
function searchable(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

export type { RegistryWallet }
