import { walletConnectConnectorId } from '../../adapters/walletConnectTransport.js'
import { push } from '../../controllers/router.js'
import { applyWalletFilters } from '../../wallets/filter.js'
import { connectorName } from '../components/connectorName.js'
import { WalletRow } from '../components/WalletRow.js'
import { useAppState, useKit } from '../kitContext.js'

export function ConnectView() {
  const { kit, t } = useKit()
  const connectors = useAppState((s) => s.connectors)
  const listed = applyWalletFilters(connectors, kit.options)
  const showAll = kit.options.features?.allWallets !== false
  if (listed.length === 0 && !showAll) return <p className="muted">{t('connect.noMethods')}</p>
  return (
    <section aria-label={t('connect.wallets')}>
      {listed.length === 0 ? <p className="muted">{t('connect.empty')}</p> : null}
      <ul className="list" data-testid="wallet-list">
        {listed.map((c) => (
          <WalletRow
            key={c.id}
            name={connectorName(c.name, t)}
            icon={c.imageUrl}
            testId={`wallet-${c.id}`}
            tag={c.type === 'WALLET_CONNECT' ? t('connect.qr') : t('connect.installed')}
            onSelect={() =>
              c.id === walletConnectConnectorId
                ? push(kit.context, { view: 'ConnectingWalletConnect', data: {} })
                : push(kit.context, { view: 'ConnectingExternal', data: { connectorId: c.id } })
            }
          />
        ))}
        {showAll ? (
          <WalletRow
            name={t('connect.allWallets')}
            testId="all-wallets"
            onSelect={() => push(kit.context, { view: 'AllWallets' })}
          />
        ) : null}
      </ul>
    </section>
  )
}
