import { type ComponentType, createElement, lazy } from 'react'
import type { ViewData, ViewName } from '../../state/views.js'
import { ConnectView } from './ConnectView.js'
import type { LaterViewName, LaterViewProps } from './laterViews.js'
import { lazyFeature } from './lazyFeature.js'

/**
 * The views past the first open share one chunk (laterViews.ts), kept out of the page's first load. It is one
 * lazy component so that a single render of it, ModalRoot's preload, makes every later view render at once.
 */
export const LaterView: ComponentType<LaterViewProps> = lazy(() =>
  import('./laterViews.js').then(({ LaterView }) => ({ default: LaterView })),
)

function later<V extends LaterViewName>(view: V): ComponentType<{ data: ViewData[V] }> {
  return ({ data }) => createElement(LaterView, { view, data } as LaterViewProps)
}

/** The embedded wallet's views share a chunk of their own: only apps with email login route to them. */
const email = lazyFeature(() => import('../../email/emailViews.js'))

/** Account's Send and Receive, with their texts and titles: a chunk opened from Account only. */
const send = lazyFeature(() => import('../../send/sendViews.js'))

/** The names views (RegisterAccountName, RegisterAccountNameSuccess) and their titles: a chunk of their own. */
const names = lazyFeature(() => import('../../names/namesViews.js'))

/** The onramp views (OnrampProviders, BuyInProgress, OnrampActivity) and their titles: a chunk of their own. */
const onramp = lazyFeature(() => import('../../onramp/onrampViews.js'))

/** Routing as data: each view name and the component that renders it. */
export const views: { [V in ViewName]: ComponentType<{ data: ViewData[V] }> } = {
  Connect: ConnectView,
  AllWallets: later('AllWallets'),
  ConnectingExternal: later('ConnectingExternal'),
  ConnectingWalletConnect: later('ConnectingWalletConnect'),
  ConnectingWalletConnectBasic: later('ConnectingWalletConnectBasic'),
  Account: later('Account'),
  Networks: later('Networks'),
  SwitchNetwork: later('SwitchNetwork'),
  SwitchActiveChain: later('SwitchActiveChain'),
  UnsupportedChain: later('UnsupportedChain'),
  // Its own chunk: only apps with sign-in ever route to it (issue 14, acceptance 5).
  SIWXSignMessage: lazy(() =>
    import('./SIWXSignMessageView.js').then(({ SIWXSignMessageView }) => ({ default: SIWXSignMessageView })),
  ),
  EmailLogin: email.view('EmailLogin'),
  EmailVerifyOtp: email.view('EmailVerifyOtp'),
  EmailVerifyDevice: email.view('EmailVerifyDevice'),
  UpdateEmailWallet: email.view('UpdateEmailWallet'),
  UpdateEmailPrimaryOtp: email.view('UpdateEmailPrimaryOtp'),
  UpdateEmailSecondaryOtp: email.view('UpdateEmailSecondaryOtp'),
  ApproveTransaction: email.view('ApproveTransaction'),
  OnrampProviders: onramp.view('OnrampProviders'),
  BuyInProgress: onramp.view('BuyInProgress'),
  OnrampActivity: onramp.view('OnrampActivity'),
  RegisterAccountName: names.view('RegisterAccountName'),
  RegisterAccountNameSuccess: names.view('RegisterAccountNameSuccess'),
  Send: send.view('Send'),
  Receive: send.view('Receive'),
}

/** Titles of the views whose texts ship with their feature's chunk; the others read `view.<name>`. */
export const viewTitles: { readonly [V in ViewName]?: ComponentType } = {
  OnrampProviders: onramp.title('OnrampProviders'),
  BuyInProgress: onramp.title('BuyInProgress'),
  OnrampActivity: onramp.title('OnrampActivity'),
  RegisterAccountName: names.title('RegisterAccountName'),
  RegisterAccountNameSuccess: names.title('RegisterAccountNameSuccess'),
  Send: send.title('Send'),
  Receive: send.title('Receive'),
}
