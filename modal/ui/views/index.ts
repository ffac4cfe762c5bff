import { type ComponentType, lazy } from 'react'
import type { ViewData, ViewName } from '../../state/views.js'
import { AccountView } from './AccountView.js'
import { AllWalletsView } from './AllWalletsView.js'
import { ConnectingExternalView } from './ConnectingExternalView.js'
import { ConnectingWalletConnectView } from './ConnectingWalletConnectView.js'
import { ConnectView } from './ConnectView.js'
import { NetworksView } from './NetworksView.js'
import { SwitchActiveChainView } from './SwitchActiveChainView.js'
import { SwitchNetworkView } from './SwitchNetworkView.js'
import { UnsupportedChainView } from './UnsupportedChainView.js'

/** Routing as data: each view name and the component that renders it. */
export const views: { [V in ViewName]: ComponentType<{ data: ViewData[V] }> } = {
  Connect: ConnectView,
  AllWallets: AllWalletsView,
  ConnectingExternal: ConnectingExternalView,
  ConnectingWalletConnect: ConnectingWalletConnectView,
  ConnectingWalletConnectBasic: ConnectingWalletConnectView,
  Account: AccountView,
  Networks: NetworksView,
  SwitchNetwork: SwitchNetworkView,
  SwitchActiveChain: SwitchActiveChainView,
  UnsupportedChain: UnsupportedChainView,
  // Its own chunk: only apps with sign-in ever route to it (issue 14, acceptance 5).
  SIWXSignMessage: lazy(() =>
    import('./SIWXSignMessageView.js').then(({ SIWXSignMessageView }) => ({ default: SIWXSignMessageView })),
  ),
}
