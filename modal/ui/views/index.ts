import { type ComponentType, createElement, lazy, type ReactElement } from 'react'
import type { EmailViewName } from '../../email/emailViews.js'
import type { ViewData, ViewName } from '../../state/views.js'
import { actionViews } from './actionViews.js'
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

const actionViewNames: readonly ViewName[] = Object.values(actionViews).flat()

/** The title of an account action's or the email login's view, from its feature's chunk; `undefined` for the others. */
export function chunkTitle(view: ViewName): ReactElement | undefined {
  if (actionViewNames.includes(view))
    return createElement(LaterView, { view: view as LaterViewName, title: true })
  const emailTitle = email.titles[view as EmailViewName]
  return emailTitle ? createElement(emailTitle) : undefined
}

/** Routing as data: each view name and the component that renders it. */
export const views: { [V in ViewName]: ComponentType<{ data: ViewData[V] }> } = {
  Connect: ConnectView,
  ...viewRoutes(
    LaterView as ComponentType<{ view: LaterViewName; data: unknown }>,
    [
      'AllWallets',
      'ConnectingExternal',
      'ConnectingWalletConnect',
      'ConnectingWalletConnectBasic',
      'Account',
      'Networks',
      'SwitchNetwork',
      'SwitchActiveChain',
      'UnsupportedChain',
      ...actionViewNames,
    ] as LaterViewName[],
  ),
  // Its own chunk: only apps with sign-in ever route to it (issue 14, acceptance 5).
  SIWXSignMessage: lazy(() =>
    import('./SIWXSignMessageView.js').then(({ SIWXSignMessageView }) => ({ default: SIWXSignMessageView })),
  ),
  ...email.views,
}
