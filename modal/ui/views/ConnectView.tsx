import { lazy, Suspense } from 'react'
import { walletConnectConnectorId } from '../../adapters/walletConnectTransport.js'
import { connectMethodsOrder } from '../../controllers/connectMethods.js'
import { push } from '../../controllers/router.js'
import { applyWalletFilters } from '../../wallets/filter.js'
import { groupByWallet } from '../../wallets/groupByWallet.js'
import { connectorName } from '../components/connectorName.js'
import { WalletRow } from '../components/WalletRow.js'
import { useAppState, useKit } from '../kitContext.js'

// The email field comes with the embedded wallet's chunk, for apps with email login only.
const EmailSection = lazy(() =>
  import('../../email/EmailSection.js').then(({ EmailSection }) => ({ default: EmailSection })),
)

export function ConnectView() {
  const { kit } = useKit()
  const connectors = useAppState((s) => s.connectors)
  const email = useAppState((s) => s.features.email) && Boolean(kit.context.embedded)
  const order = connectMethodsOrder(connectors, kit.options.features?.connectMethodsOrder)
  return (
    <>
      {order.map((method) =>
        method === 'wallet' ? (
          <WalletSection key="wallet" />
        ) : method === 'email' && email ? (
          <Suspense key="email" fallback={null}>
            <EmailSection />
          </Suspense>
        ) : null,
      )}
    </>
  )
}

function WalletSection() {
  const { kit, t } = useKit()
  const connectors = useAppState((s) => s.connectors)
  const activeChain = useAppState((s) => s.activeChain)
  // The auth connector is the email field above, not a wallet to pick.
  const listed = groupByWallet(
    applyWalletFilters(connectors, kit.options).filter((c) => c.type !== 'AUTH'),
    activeChain,
  )
  const showAll = kit.options.features?.allWallets !== false
  if (listed.length === 0 && !showAll) return <p className="muted">{t('connect.noMethods')}</p>
  return (
    <section aria-label={t('connect.wallets')}>
      {listed.length === 0 ? <p className="muted">{t('connect.empty')}</p> : null}
      <ul className="list" data-testid="wallet-list">
        {listed.map(({ connector: c, namespaces }) => (
          <WalletRow
            key={c.id}
            name={connectorName(c.name, t)}
            icon={c.imageUrl}
            testId={`wallet-${c.id}`}
            namespaces={namespaces}
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
