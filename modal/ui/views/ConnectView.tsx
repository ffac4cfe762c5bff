import { Suspense } from 'react'
import { walletConnectConnectorId } from '../../adapters/walletConnectTransport.js'
import { pickExternalWallet } from '../../controllers/connectExternal.js'
import { connectMethodsOrder } from '../../controllers/connectMethods.js'
import { offeredSocials } from '../../controllers/features.js'
import { push } from '../../controllers/router.js'
import type { ConnectorInfo } from '../../state/types.js'
import { offeredConnectors } from '../../wallets/walletList.js'
import { connectorName } from '../components/connectorName.js'
import { WalletRow } from '../components/WalletRow.js'
import { useAppState, useKit } from '../kitContext.js'
import { useEmbeddedUi } from '../useEmbeddedUi.js'

export function ConnectView() {
  const { kit } = useKit()
  const connectors = useAppState((s) => s.connectors)
  // The email field comes with the embedded wallet's plug-in, for apps with email login only.
  const embeddedUi = useEmbeddedUi()
  const EmailSection = embeddedUi?.ConnectSection
  // SOC-02: the social buttons too; their code loads only when rendered, with socials on.
  const SocialSection = embeddedUi?.SocialSection
  const email = useAppState((s) => s.features.email)
  const socials = useAppState((s) => offeredSocials(s).length > 0)
  const order = connectMethodsOrder(connectors, kit.options.features?.connectMethodsOrder)
  return (
    <>
      {order.map((method) =>
        method === 'wallet' ? (
          <WalletSection key="wallet" />
        ) : method === 'email' && email && EmailSection ? (
          <Suspense key="email" fallback={null}>
            <EmailSection />
          </Suspense>
        ) : method === 'social' && socials && SocialSection ? (
          <Suspense key="social" fallback={null}>
            <SocialSection />
          </Suspense>
        ) : null,
      )}
    </>
  )
}

function WalletSection() {
  const { kit, t } = useKit()
  const connectors = useAppState((s) => s.connectors)
  const wallets = useAppState((s) => s.wallets)
  const rows = useAppState((s) => s.walletRows)
  const listed = offeredConnectors(connectors, wallets, kit.options)
  const showAll = kit.options.features?.allWallets !== false
  if (listed.length === 0 && !showAll) return <p className="muted">{t('connect.noMethods')}</p>
  return (
    <section aria-label={t('connect.wallets')}>
      {listed.length === 0 ? <p className="muted">{t('connect.empty')}</p> : null}
      <ul className="list" data-testid="wallet-list">
        {(
          rows?.filter((row) => listed.includes(row.connector)) ??
          listed.map((connector): { connector: ConnectorInfo; note?: string } => ({ connector }))
        ).map(({ connector: c, note }) => {
          const name = connectorName(c.name, t)
          return (
            <WalletRow
              key={c.id}
              name={name}
              label={note && `${name} · ${note}`}
              icon={c.imageUrl}
              testId={`wallet-${c.id}`}
              tag={c.type === 'WALLET_CONNECT' ? t('connect.qr') : t('connect.installed')}
              onSelect={() =>
                c.id === walletConnectConnectorId
                  ? push(kit.context, { view: 'ConnectingWalletConnect', data: {} })
                  : pickExternalWallet(kit.context, c.id)
              }
            />
          )
        })}
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
