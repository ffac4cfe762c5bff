import { socialProviderSchema } from '@pairwise/engine/frame'
import { useState } from 'react'
import { offeredSocials } from '../../controllers/features.js'
import type { SocialMode } from '../../state/types.js'
import { useAppState, useKit } from '../../ui/kitContext.js'
import { useFeatureTexts } from '../../ui/useFeatureTexts.js'
import { emailTexts } from '../texts/index.js'
import { providerNames } from './providerNames.js'
import { startSocialLogin } from './socialLogin.js'

/**
 * SOC-02: Connect's social logins, one button per provider the app (or its project) turns on, in that
 * order, farcaster included. A click starts the login in the same task, so its popup is not blocked.
 */
export function SocialSection({ mode }: { mode: SocialMode }) {
  const { kit } = useKit()
  const et = useFeatureTexts(emailTexts)
  const socials = useAppState(offeredSocials)
  const [unavailable, setUnavailable] = useState(false)
  if (!et || socials.length === 0) return null
  return (
    <section aria-label={et('socialLabel')} data-testid="social-login-list">
      <div className="list">
        {socials.map((provider) => {
          const login = socialProviderSchema.safeParse(provider)
          return (
            <button
              key={provider}
              type="button"
              className="secondary"
              data-testid={`social-${provider}`}
              onClick={() => {
                // Farcaster signs in by its own flow (SOC-05), which this wallet does not serve yet: said, not hidden.
                if (!login.success) return setUnavailable(true)
                void startSocialLogin(kit.context, login.data, mode, window).catch(() => undefined)
              }}
            >
              {et('continueWith', { name: providerNames[provider] })}
            </button>
          )
        })}
      </div>
      {unavailable ? (
        <p className="error" role="alert">
          {et('farcasterUnavailable')}
        </p>
      ) : null}
    </section>
  )
}
