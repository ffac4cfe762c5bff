import { type ComponentType, createElement } from 'react'
import type { EmailViewName } from '../../email/emailViews.js'
import type { NamesViewName } from '../../names/namesViews.js'
import type { OnrampViewName } from '../../onramp/onrampViews.js'
import type { SendViewName } from '../../send/sendViews.js'
import type { ViewData, ViewName } from '../../state/views.js'
import type { SwapViewName } from '../../swaps/swapViews.js'
import { AccountView } from './AccountView.js'
import { AllWalletsView } from './AllWalletsView.js'
import { ConnectingExternalView } from './ConnectingExternalView.js'
import { ConnectingWalletConnectView } from './ConnectingWalletConnectView.js'
import { NetworksView } from './NetworksView.js'
import { SwitchActiveChainView } from './SwitchActiveChainView.js'
import { SwitchNetworkView } from './SwitchNetworkView.js'
import { UnsupportedChainView } from './UnsupportedChainView.js'

/**
 * Views the modal's first open does not show: Connect is eager, the sign-in view and the embedded wallet's
 * views have chunks of their own.
 */
export type LaterViewName = Exclude<
  ViewName,
  'Connect' | 'SIWXSignMessage' | EmailViewName | NamesViewName | SendViewName | OnrampViewName | SwapViewName
>

const laterViews: { [V in LaterViewName]: ComponentType<{ data: ViewData[V] }> } = {
  AllWallets: AllWalletsView,
  ConnectingExternal: ConnectingExternalView,
  ConnectingWalletConnect: ConnectingWalletConnectView,
  ConnectingWalletConnectBasic: ConnectingWalletConnectView,
  Account: AccountView,
  Networks: NetworksView,
  SwitchNetwork: SwitchNetworkView,
  SwitchActiveChain: SwitchActiveChainView,
  UnsupportedChain: UnsupportedChainView,
}

export type LaterViewProps =
  | { [V in LaterViewName]: { view: V; data: ViewData[V] } }[LaterViewName]
  | { view?: undefined }

/** One of the later views, by name; without a name, nothing (what ModalRoot renders to fetch this chunk early). */
export function LaterView(props: LaterViewProps) {
  if (!props.view) return null
  const View = laterViews[props.view] as ComponentType<{ data: unknown }>
  return createElement(View, { data: props.data })
}
