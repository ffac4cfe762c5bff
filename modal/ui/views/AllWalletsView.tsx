import { useId, useState } from 'react'
import { pickExternalWallet } from '../../controllers/connectExternal.js'
import { push } from '../../controllers/router.js'
import { searchWallets } from '../../wallets/filter.js'
import { listAllWallets } from '../../wallets/walletList.js'
import { connectorName } from '../components/connectorName.js'
import { WalletRow } from '../components/WalletRow.js'
import { withUniqueKeys } from '../components/withUniqueKeys.js'
import { useAppState, useKit } from '../kitContext.js'

/** Installed wallets first, then the registry; each wallet once (modal/wallets/walletList.ts). */
export function AllWalletsView() {
  const { kit, t } = useKit()
  const connectors = useAppState((s) => s.connectors)
  const wallets = useAppState((s) => s.wallets)
  const activeChain = useAppState((s) => s.activeChain)
  const connectNamespace = useAppState((s) => s.connectNamespace)
  const [query, setQuery] = useState('')
  const searchId = useId()
  // Filters name wallets as the app wrote them; the search finds them as the reader sees them.
  const listed = listAllWallets(connectors, wallets, {
    filters: kit.options,
    activeChain,
    connectNamespace,
  }).map((item) => (item.kind === 'installed' ? { ...item, name: connectorName(item.name, t) } : item))
  const items = searchWallets(listed, query)
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
          {/* An installed wallet's id is its rdns, which a registry entry's id may be too: each keys its own. */}
          {withUniqueKeys(
            items,
            (item) => `${item.kind === 'installed' ? 'installed' : 'registry'}:${item.id}`,
          ).map(({ key, item }) => (
            <WalletRow
              key={key}
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
