import { type ComponentType, lazy } from 'react'
import type { ViewData, ViewName } from '../../state/views.js'
import { ConnectView } from './ConnectView.js'
import type { LaterViewName, LaterViewProps } from './laterViews.js'
import { lazyFeature, viewRoutes } from './lazyFeature.js'

/**
 * The views past the first open share one chunk (laterViews.ts), kept out of the page's first load. It is one
 * lazy component so that a single render of it, ModalRoot's preload, makes every later view render at once.
 */
export const LaterView: ComponentType<LaterViewProps> = lazy(() =>
  import('./laterViews.js').then(({ LaterView }) => ({ default: LaterView })),
)

/** The embedded wallet's views share a chunk of their own: only apps with email login route to them. */
const email = lazyFeature(
  () => import('../../email/emailViews.js'),
  [
    'EmailLogin',
    'EmailVerifyOtp',
    'EmailVerifyDevice',
    'UpdateEmailWallet',
    'UpdateEmailPrimaryOtp',
    'UpdateEmailSecondaryOtp',
    'ApproveTransaction',
  ],
)

/** Account's Send and Receive, with their texts and titles: a chunk opened from Account only. */
const send = lazyFeature(() => import('../../send/sendViews.js'), ['Send', 'Receive'])

/** The names views and their titles: a chunk of their own. */
const names = lazyFeature(
  () => import('../../names/namesViews.js'),
  ['RegisterAccountName', 'RegisterAccountNameSuccess'],
)

/** The onramp views and their titles: a chunk of their own. */
const onramp = lazyFeature(
  () => import('../../onramp/onrampViews.js'),
  ['OnrampProviders', 'BuyInProgress', 'OnrampActivity'],
)

/** The swap views and their titles: a chunk of their own. */
const swaps = lazyFeature(
  () => import('../../swaps/swapViews.js'),
  ['Swap', 'SwapSelectToken', 'SwapPreview'],
)

/** Routing as data: each view name and the component that renders it. */
export const views: { [V in ViewName]: ComponentType<{ data: ViewData[V] }> } = {
  Connect: ConnectView,
  ...viewRoutes(LaterView as ComponentType<{ view: LaterViewName; data: unknown }>, [
    'AllWallets',
    'ConnectingExternal',
    'ConnectingWalletConnect',
    'ConnectingWalletConnectBasic',
    'Account',
    'Networks',
    'SwitchNetwork',
    'SwitchActiveChain',
    'UnsupportedChain',
  ]),
  // Its own chunk: only apps with sign-in ever route to it (issue 14, acceptance 5).
  SIWXSignMessage: lazy(() =>
    import('./SIWXSignMessageView.js').then(({ SIWXSignMessageView }) => ({ default: SIWXSignMessageView })),
  ),
  ...email.views,
  ...send.views,
  ...names.views,
  ...onramp.views,
  ...swaps.views,
}

/** Titles of the views whose texts ship with their feature's chunk; the others read `view.<name>`. */
export const viewTitles: { readonly [V in ViewName]?: ComponentType } = {
  ...send.titles,
  ...names.titles,
  ...onramp.titles,
  ...swaps.titles,
}
