import { createElement, lazy } from 'react'
import type { EmbeddedWalletUi } from '../controllers/embeddedWalletUi.js'
import type { SocialMode } from '../state/types.js'
import { lazyFeature } from '../ui/views/lazyFeature.js'

const SocialButtons = lazy(() =>
  import('./social/SocialSection.js').then(({ SocialSection }) => ({ default: SocialSection })),
)

/**
 * The modal's parts of the email wallet, loaded when the modal renders for an app with `emailLogin`: the
 * views share one chunk, Connect's field and Account's actions have one each. The social logins' buttons
 * and views are chunks of their own, rendered (so loaded) only while socials are on; `farcaster` says
 * whether the auth service serves Farcaster's sign-in (its button is hidden otherwise).
 */
export function emailUi({
  socialMode,
  farcaster,
}: {
  socialMode: SocialMode
  farcaster: boolean
}): EmbeddedWalletUi {
  const email = lazyFeature(
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
  )
  const social = lazyFeature(
    () => import('./social/socialViews.js'),
    ['ConnectingSocial', 'ConnectingFarcaster'],
  )
  return {
    views: { ...email.views, ...social.views },
    titles: { ...email.titles, ...social.titles },
    ConnectSection: lazy(() =>
      import('./EmailSection.js').then(({ EmailSection }) => ({ default: EmailSection })),
    ),
    SocialSection: () => createElement(SocialButtons, { mode: socialMode, farcaster }),
    AccountSection: lazy(() =>
      import('./AuthAccountSection.js').then(({ AuthAccountSection }) => ({ default: AuthAccountSection })),
    ),
  }
}
