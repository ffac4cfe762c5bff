import { useId, useState } from 'react'
import { walletConnectConnectorId } from '../../adapters/walletConnectTransport.js'
import { pickExternalWallet } from '../../controllers/connectExternal.js'
import { push } from '../../controllers/router.js'
import { applyWalletFilters, searchWallets } from '../../wallets/filter.js'
import { connectorName } from '../components/connectorName.js'
import { WalletRow } from '../components/WalletRow.js'
import { useAppState, useKit } from '../kitContext.js'

type Item = {
  id: string
  name: string
  rdns?: string
  icon?: string
  kind: 'installed' | 'walletconnect' | 'get'
  homepage?: string
}

/** Installed wallets first, then the registry; a registry wallet that is installed is listed once. */
export function AllWalletsView() {
  const { kit, t } = useKit()
  const connectors = useAppState((s) => s.connectors)
  const wallets = useAppState((s) => s.wallets)
  const [query, setQuery] = useState('')
  const searchId = useId()
  const hasWalletConnect = connectors.some((c) => c.id === walletConnectConnectorId)
  const installed: Item[] = connectors
    .filter((c) => c.id !== walletConnectConnectorId)
    .map((c) => ({
      id: c.id,
      name: connectorName(c.name, t),
      kind: 'installed',
      ...(c.rdns ? { rdns: c.rdns } : {}),
      ...(c.imageUrl ? { icon: c.imageUrl } : {}),
    }))
  const installedRdns = new Set(installed.map((i) => i.rdns))
  const registry: Item[] = wallets
    .filter((w) => (!w.rdns || !installedRdns.has(w.rdns)) && (hasWalletConnect || w.homepage))
    .map((w) => ({
      id: w.id,
      name: w.name,
      kind: hasWalletConnect ? 'walletconnect' : 'get',
      ...(w.rdns ? { rdns: w.rdns } : {}),
      ...(w.imageUrl ? { icon: w.imageUrl } : {}),
      ...(w.homepage ? { homepage: w.homepage } : {}),
    }))
  const items = searchWallets(applyWalletFilters([...installed, ...registry], kit.options), query)
  return (
    <section>
      <label className="sr-only" htmlFor={searchId}>
        {t('allWallets.search')}
      </label>
      <input
        id={searchId}
        className="search"
        type="search"
        placeholder={t('allWallets.search')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        autoComplete="off"
      />
      {query && items.length > 0 ? (
        <output className="sr-only">{t('allWallets.count', { count: items.length })}</output>
      ) : null}
      {items.length === 0 ? (
        <output className="muted">{t('allWallets.empty', { query })}</output>
      ) : (
        <ul className="list" data-testid="all-wallets-list">
          {items.map((item) => (
            <WalletRow
              key={item.id}
              name={item.name}
              icon={item.icon}
              testId={`wallet-${item.id}`}
              {...(item.kind === 'installed' ? { tag: t('connect.installed') } : {})}
              {...(item.kind === 'get'
                ? item.homepage
                  ? { href: item.homepage, label: t('allWallets.getWallet', { name: item.name }) }
                  : {}
                : {
                    onSelect: () =>
                      item.kind === 'installed'
                        ? pickExternalWallet(kit.context, item.id)
                        : push(kit.context, { view: 'ConnectingWalletConnect', data: { walletId: item.id } }),
                  })}
            />
          ))}
        </ul>
      )}
    </section>
  )
}
