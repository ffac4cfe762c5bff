import { type ComponentType, createElement, lazy, type ReactElement } from 'react'
import type { EmbeddedViewName } from '../../email/emailViews.js'
import type { ViewData, ViewName } from '../../state/views.js'
import { actionViews } from './actionViews.js'
import { ConnectView } from './ConnectView.js'
import type { LaterViewName, LaterViewProps } from './laterViews.js'
import { viewRoutes } from './lazyFeature.js'

/**
 * The views past the first open share one chunk (laterViews.ts), kept out of the page's first load. It is one
 * lazy component so that a single render of it, ModalRoot's preload, makes every later view render at once.
 */
export const LaterView: ComponentType<LaterViewProps> = lazy(() =>
  import('./laterViews.js').then(({ LaterView }) => ({ default: LaterView })),
)

const actionViewNames: readonly ViewName[] = Object.values(actionViews).flat()

/** The title of an account action's view, from its chunk; `undefined` for the others. */
export function chunkTitle(view: ViewName): ReactElement | undefined {
  return actionViewNames.includes(view)
    ? createElement(LaterView, { view: view as LaterViewName, title: true })
    : undefined
}

/**
 * Routing as data: each view name and the component that renders it. The embedded wallet's views come with
 * its plug-in (EmbeddedWalletUi), for apps with email login only.
 */
export const views: { [V in Exclude<ViewName, EmbeddedViewName>]: ComponentType<{ data: ViewData[V] }> } = {
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
}
