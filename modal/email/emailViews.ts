import { useFeatureTexts } from '../ui/useFeatureTexts.js'
import type { FeatureViews } from '../ui/views/lazyFeature.js'
import { ApproveTransactionView } from './ApproveTransactionView.js'
import {
  EmailVerifyDeviceView,
  EmailVerifyOtpView,
  UpdateEmailPrimaryOtpView,
  UpdateEmailSecondaryOtpView,
} from './codeViews.js'
import { EmailLoginView } from './EmailLoginView.js'
import { emailTexts } from './texts/index.js'
import { UpdateEmailWalletView } from './UpdateEmailWalletView.js'

export type EmailViewName =
  | 'EmailLogin'
  | 'EmailVerifyOtp'
  | 'EmailVerifyDevice'
  | 'UpdateEmailWallet'
  | 'UpdateEmailPrimaryOtp'
  | 'UpdateEmailSecondaryOtp'
  | 'ApproveTransaction'

/** Every view the embedded wallet's plug-in brings: the email views, and the social logins' (their own chunk). */
export type EmbeddedViewName = EmailViewName | 'ConnectingSocial' | 'ConnectingFarcaster'

/** The embedded wallet's views: one chunk, loaded only by apps that route to one of them. */
export const views: FeatureViews<EmailViewName> = {
  EmailLogin: EmailLoginView,
  EmailVerifyOtp: EmailVerifyOtpView,
  EmailVerifyDevice: EmailVerifyDeviceView,
  UpdateEmailWallet: UpdateEmailWalletView,
  UpdateEmailPrimaryOtp: UpdateEmailPrimaryOtpView,
  UpdateEmailSecondaryOtp: UpdateEmailSecondaryOtpView,
  ApproveTransaction: ApproveTransactionView,
}

export function ViewTitle({ view }: { view: EmailViewName }) {
  const ft = useFeatureTexts(emailTexts)
  return ft ? ft(`title.${view}`) : null
}
