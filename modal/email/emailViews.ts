import { type ComponentType, createElement } from 'react'
import type { ViewData } from '../state/views.js'
import { ApproveTransactionView } from './ApproveTransactionView.js'
import {
  EmailVerifyDeviceView,
  EmailVerifyOtpView,
  UpdateEmailPrimaryOtpView,
  UpdateEmailSecondaryOtpView,
} from './codeViews.js'
import { EmailLoginView } from './EmailLoginView.js'
import { UpdateEmailWalletView } from './UpdateEmailWalletView.js'

export type EmailViewName =
  | 'EmailLogin'
  | 'EmailVerifyOtp'
  | 'EmailVerifyDevice'
  | 'UpdateEmailWallet'
  | 'UpdateEmailPrimaryOtp'
  | 'UpdateEmailSecondaryOtp'
  | 'ApproveTransaction'

/** The embedded wallet's views: one chunk, loaded only by apps that route to one of them. */
export const emailViews: { [V in EmailViewName]: ComponentType<{ data: ViewData[V] }> } = {
  EmailLogin: EmailLoginView,
  EmailVerifyOtp: EmailVerifyOtpView,
  EmailVerifyDevice: EmailVerifyDeviceView,
  UpdateEmailWallet: UpdateEmailWalletView,
  UpdateEmailPrimaryOtp: UpdateEmailPrimaryOtpView,
  UpdateEmailSecondaryOtp: UpdateEmailSecondaryOtpView,
  ApproveTransaction: ApproveTransactionView,
}

export type EmailViewProps = { [V in EmailViewName]: { view: V; data: ViewData[V] } }[EmailViewName]

/** One of the embedded wallet's views, by name (the modal's router renders it through one lazy component). */
export function EmailView(props: EmailViewProps) {
  const View = emailViews[props.view] as ComponentType<{ data: unknown }>
  return createElement(View, { data: props.data })
}
