import { lazy } from 'react'
import type { EmbeddedWalletUi } from '../controllers/embeddedWalletUi.js'
import { lazyFeature } from '../ui/views/lazyFeature.js'

/**
 * The modal's parts of the email wallet, loaded when the modal renders for an app with `emailLogin`: the
 * views share one chunk, Connect's field and Account's actions have one each.
 */
export const emailUi: EmbeddedWalletUi = {
  ...lazyFeature(
    () => import('./emailViews.js'),
    [
      'EmailLogin',
      'EmailVerifyOtp',
      'EmailVerifyDevice',
      'UpdateEmailWallet',
      'UpdateEmailPrimaryOtp',
      'UpdateEmailSecondaryOtp',
      'ApproveTransaction',
    ],
  ),
  ConnectSection: lazy(() =>
    import('./EmailSection.js').then(({ EmailSection }) => ({ default: EmailSection })),
  ),
  AccountSection: lazy(() =>
    import('./AuthAccountSection.js').then(({ AuthAccountSection }) => ({ default: AuthAccountSection })),
  ),
}
