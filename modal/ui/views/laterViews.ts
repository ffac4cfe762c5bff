import { type ComponentType, createElement } from 'react'
import type { EmbeddedViewName } from '../../email/emailViews.js'
import type { ViewData, ViewName } from '../../state/views.js'
import { AccountView } from './AccountView.js'
import { AllWalletsView } from './AllWalletsView.js'
import { actionViews } from './actionViews.js'
import { ConnectingExternalView } from './ConnectingExternalView.js'
import { ConnectingWalletConnectView } from './ConnectingWalletConnectView.js'
import { lazyFeature } from './lazyFeature.js'
import { NetworksView } from './NetworksView.js'
import { SwitchActiveChainView } from './SwitchActiveChainView.js'
import { SwitchNetworkView } from './SwitchNetworkView.js'
import { UnsupportedChainView } from './UnsupportedChainView.js'

/**
 * Views the modal's first open does not show: Connect is eager, the sign-in view and the embedded wallet's
 * views have chunks of their own. The account actions' views are here as one lazy chunk per feature.
 */
export type LaterViewName = Exclude<ViewName, 'Connect' | 'SIWXSignMessage' | EmbeddedViewName>

const send = lazyFeature(() => import('../../send/sendViews.js'), actionViews.send)
const names = lazyFeature(() => import('../../names/namesViews.js'), actionViews.names)
const onramp = lazyFeature(() => import('../../onramp/onrampViews.js'), actionViews.onramp)
const swaps = lazyFeature(() => import('../../swaps/swapViews.js'), actionViews.swaps)

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
  ...send.views,
  ...names.views,
  ...onramp.views,
  ...swaps.views,
}

const titles: { readonly [V in ViewName]?: ComponentType } = {
  ...send.titles,
  ...names.titles,
  ...onramp.titles,
  ...swaps.titles,
}

export type LaterViewProps =
  | { [V in LaterViewName]: { view: V; data: ViewData[V]; title?: undefined } }[LaterViewName]
  | { view: LaterViewName; title: true }
  | { view?: undefined }

/**
 * One of the later views, by name, or with `title` the title of an account action's view (its texts are its
 * feature's; nothing for another view); without a name, nothing (what ModalRoot renders to fetch this chunk
 * early). One lazy component for all three, so the first load carries one import of this chunk.
 */
export function LaterView(props: LaterViewProps) {
  if (!props.view) return null
  if (props.title) {
    const Title = titles[props.view]
    return Title ? createElement(Title) : null
  }
  const View = laterViews[props.view] as ComponentType<{ data: unknown }>
  return createElement(View, { data: props.data })
}
