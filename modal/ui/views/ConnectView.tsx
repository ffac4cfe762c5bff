import { lazy, Suspense } from 'react'
import { connectMethodsOrder } from '../../controllers/connectMethods.js'
import { push } from '../../controllers/router.js'
import { applyWalletFilters } from '../../wallets/filter.js'
import { ConnectorRow } from '../components/ConnectorRow.js'
import { WalletRow } from '../components/WalletRow.js'
import { useAppState, useKit } from '../kitContext.js'

// With adapters in several namespaces, a wallet serving more than one is one row: that code loads for those
// apps alone.
const MultiNamespaceRows = lazy(() =>
  import('./MultiNamespaceRows.js').then(({ MultiNamespaceRows }) => ({ default: MultiNamespaceRows })),
)

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
  // The auth connector is the email field above, not a wallet to pick.
  const listed = applyWalletFilters(connectors, kit.options).filter((c) => c.type !== 'AUTH')
  const showAll = kit.options.features?.allWallets !== false
  if (listed.length === 0 && !showAll) return <p className="muted">{t('connect.noMethods')}</p>
  return (
    <section aria-label={t('connect.wallets')}>
      {listed.length === 0 ? <p className="muted">{t('connect.empty')}</p> : null}
      <ul className="list" data-testid="wallet-list">
        {kit.context.multiNamespace ? (
          <Suspense fallback={null}>
            <MultiNamespaceRows
              connectors={listed}
              row={(c, note) => <ConnectorRow key={c.id} connector={c} note={note} />}
            />
          </Suspense>
        ) : (
          listed.map((c) => <ConnectorRow key={c.id} connector={c} />)
        )}
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
