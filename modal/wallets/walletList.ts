import type { ChainNamespace } from '../networks/types.js'
import type { ConnectorInfo } from '../state/types.js'
import { applyWalletFilters, type WalletFilters } from './filter.js'
import { groupByWallet, walletKey } from './groupByWallet.js'
import type { RegistryWallet } from './types.js'

/** One row of All Wallets. Installed wallets keep their connector's own name; the view translates it. */
export type WalletListItem = {
  id: string
  name: string
  rdns?: string
  icon?: string
  kind: 'installed' | 'walletconnect' | 'get'
  homepage?: string
}

export type WalletListOptions = {
  filters: WalletFilters
  /** The namespace whose connector a wallet installed in several connects with. */
  activeChain: ChainNamespace | undefined
  /** The namespace the app opened the modal for (`open({ namespace })`): only wallets installed in it. */
  connectNamespace?: ChainNamespace | undefined
}

/**
 * The registry entries a connector's wallet is: those whose rdns one of that wallet's connectors announces,
 * ignoring case (an rdns is a domain name; MetaMask may announce `io.MetaMask`). So the Solana connector of
 * a wallet whose EVM connector announces the rdns is that entry too.
 */
function registryLinks(
  connectors: readonly ConnectorInfo[],
  registry: readonly RegistryWallet[],
): (connector: ConnectorInfo) => readonly RegistryWallet[] {
  const byRdns = new Map(registry.flatMap((w) => (w.rdns ? [[w.rdns.toLowerCase(), w] as const] : [])))
  const links = new Map<string, Set<RegistryWallet>>()
  for (const connector of connectors) {
    const entry = connector.rdns && byRdns.get(connector.rdns.toLowerCase())
    if (!entry) continue
    const key = walletKey(connector)
    links.set(key, (links.get(key) ?? new Set()).add(entry))
  }
  return (connector) => [...(links.get(walletKey(connector)) ?? [])]
}

/**
 * The connectors Connect offers: the app's filters applied, an installed wallet named by its registry
 * entry too, so excluding `trust` hides the Trust extension. The email login is the email field, not a
 * wallet to pick.
 */
export function offeredConnectors(
  connectors: readonly ConnectorInfo[],
  registry: readonly RegistryWallet[],
  filters: WalletFilters,
): ConnectorInfo[] {
  const wallets = connectors.filter((c) => c.type !== 'AUTH')
  return applyWalletFilters(wallets, filters, registryLinks(wallets, registry))
}

/**
 * All Wallets' rows: installed wallets first, each once however many namespaces it serves, then the
 * registry's others. Without WalletConnect a registry wallet can only be got, so one with no homepage is left
 * out. The app's filters apply to the whole list, an installed wallet named by its registry entry too.
 * Opened for a namespace, it lists the wallets installed in that namespace, as Connect does; the registry
 * names no chains, so its rows stay as they are.
 */
export function listAllWallets(
  connectors: readonly ConnectorInfo[],
  registry: readonly RegistryWallet[],
  { filters, activeChain, connectNamespace }: WalletListOptions,
): WalletListItem[] {
  const hasWalletConnect = connectors.some((c) => c.type === 'WALLET_CONNECT')
  const wallets = connectors.filter((c) => c.type !== 'WALLET_CONNECT' && c.type !== 'AUTH')
  // Links are found across every namespace: a Solana connector announces no rdns, its EVM sibling does.
  const linksOf = registryLinks(wallets, registry)
  const shown = connectNamespace ? wallets.filter((c) => c.chainNamespace === connectNamespace) : wallets
  const links = new Map<WalletListItem, readonly RegistryWallet[]>()
  const installed = groupByWallet(shown, activeChain).map(({ connector: c }) => {
    const item: WalletListItem = {
      id: c.id,
      name: c.name,
      kind: 'installed',
      ...(c.rdns ? { rdns: c.rdns } : {}),
      ...(c.imageUrl ? { icon: c.imageUrl } : {}),
    }
    links.set(item, linksOf(c))
    return item
  })
  const installedEntries = new Set(wallets.flatMap(linksOf))
  const others = registry
    .filter((w) => !installedEntries.has(w) && (hasWalletConnect || w.homepage))
    .map(
      (w): WalletListItem => ({
        id: w.id,
        name: w.name,
        kind: hasWalletConnect ? 'walletconnect' : 'get',
        ...(w.rdns ? { rdns: w.rdns } : {}),
        ...(w.imageUrl ? { icon: w.imageUrl } : {}),
        ...(w.homepage ? { homepage: w.homepage } : {}),
      }),
    )
  return applyWalletFilters([...installed, ...others], filters, (item) => links.get(item) ?? [])
}
