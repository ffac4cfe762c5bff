import type { ReactNode } from 'react'
import type { ChainNamespace } from '../../networks/types.js'
import type { ConnectorInfo } from '../../state/types.js'
import { groupByWallet } from '../../wallets/groupByWallet.js'
import { useAppState } from '../kitContext.js'

/** The chain families' own names (not translated): a wallet serving several shows them. */
const namespaceNames: Record<ChainNamespace, string> = {
  eip155: 'EVM',
  solana: 'Solana',
  bip122: 'Bitcoin',
  polkadot: 'Polkadot',
  cosmos: 'Cosmos',
}

/**
 * Connect's rows when the app has several namespaces: each wallet once, connecting in the active one.
 * `row` draws one (Connect's own row, passed in so this chunk shares no module with the dialog's).
 */
export function MultiNamespaceRows({
  connectors,
  row,
}: {
  connectors: ConnectorInfo[]
  row: (connector: ConnectorInfo, note?: string) => ReactNode
}) {
  const activeChain = useAppState((s) => s.activeChain)
  return groupByWallet(connectors, activeChain).map(({ connector, namespaces }) =>
    row(connector, namespaces.length > 1 ? namespaces.map((n) => namespaceNames[n]).join(' · ') : undefined),
  )
}
