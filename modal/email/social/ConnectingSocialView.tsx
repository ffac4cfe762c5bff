import { useCallback } from 'react'
import type { ViewData } from '../../state/views.js'
import { errorMessage } from '../../ui/components/errorMessage.js'
import { useKit } from '../../ui/kitContext.js'
import { useActionOnMount } from '../../ui/useAction.js'
import { useFeatureTexts } from '../../ui/useFeatureTexts.js'
import { emailStyles } from '../emailStyles.js'
import { FrameSlot } from '../FrameSlot.js'
import { emailTexts } from '../texts/index.js'
import { useEmbeddedWallet } from '../useEmbeddedWallet.js'
import { providerNames } from './providerNames.js'
import { beginSocialLogin, SocialWindowClosed } from './socialLogin.js'

/**
 * SOC-03, SOC-04: follows the login the click began (the provider's window, then connect social). The
 * secure frame shows over the slot meanwhile: a first login sets the wallet's recovery passphrase there.
 */
export function ConnectingSocialView({ data }: { data: ViewData['ConnectingSocial'] }) {
  const { kit, t } = useKit()
  const et = useFeatureTexts(emailTexts)
  const wallet = useEmbeddedWallet()
  const { provider, mode } = data
  // Try again is a click: the new popup opens in it, as the first one did.
  const again = useCallback(
    () => beginSocialLogin(kit.context, provider, mode, window),
    [kit, provider, mode],
  )
  const [state, retry] = useActionOnMount(again, data.attempt)
  const name = providerNames[provider]
  return (
    <div className="center" data-testid="connecting-social">
      <style>{emailStyles}</style>
      <p>{et?.('socialWaiting', { name })}</p>
      {state.status === 'error' ? (
        <>
          <p className="error" role="alert">
            {state.error instanceof SocialWindowClosed ? et?.('socialClosed') : errorMessage(state.error, t)}
          </p>
          <button type="button" className="secondary" onClick={retry}>
            {et?.('retry')}
          </button>
        </>
      ) : (
        <FrameSlot wallet={wallet} />
      )}
    </div>
  )
}
