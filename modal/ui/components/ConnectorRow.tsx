import { walletConnectConnectorId } from '../../adapters/walletConnectTransport.js'
import { push } from '../../controllers/router.js'
import type { ConnectorInfo } from '../../state/types.js'
import { useKit } from '../kitContext.js'
import { connectorName } from './connectorName.js'
import { WalletRow } from './WalletRow.js'

/** One way to connect in Connect's list; `note` follows its name (the namespaces a wallet serves). */
export function ConnectorRow({ connector: c, note }: { connector: ConnectorInfo; note?: string }) {
  const { kit, t } = useKit()
  const name = connectorName(c.name, t)
  return (
    <WalletRow
      name={name}
      label={note && `${name} · ${note}`}
      icon={c.imageUrl}
      testId={`wallet-${c.id}`}
      tag={c.type === 'WALLET_CONNECT' ? t('connect.qr') : t('connect.installed')}
      onSelect={() =>
        c.id === walletConnectConnectorId
          ? push(kit.context, { view: 'ConnectingWalletConnect', data: {} })
          : push(kit.context, { view: 'ConnectingExternal', data: { connectorId: c.id } })
      }
    />
  )
}
