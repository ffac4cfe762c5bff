import { socialProviderSchema } from '@pairwise/engine/frame'
import { offeredSocials } from '../../controllers/features.js'
import type { SocialMode } from '../../state/types.js'
import { useAppState, useKit } from '../../ui/kitContext.js'
import { useFeatureTexts } from '../../ui/useFeatureTexts.js'
import { emailTexts } from '../texts/index.js'
import { startFarcasterLogin } from './farcasterLogin.js'
import { providerNames } from './providerNames.js'
import { startSocialLogin } from './socialLogin.js'

/**
 * SOC-02: Connect's social logins, one button per provider the app (or its project) turns on, in that
 * order, farcaster included when the auth service serves it (`farcaster`, from emailLogin's options);
 * without a Farcaster relay there is no button that could only fail. A click starts the login in the same
 * task, so its popup is not blocked.
 */
export function SocialSection({ mode, farcaster }: { mode: SocialMode; farcaster: boolean }) {
  const { kit } = useKit()
  const et = useFeatureTexts(emailTexts)
  const offered = useAppState(offeredSocials)
  const socials = farcaster ? offered : offered.filter((provider) => provider !== 'farcaster')
  if (!et || socials.length === 0) return null
  return (
    <section aria-label={et('socialLabel')} data-testid="social-login-list">
      <div className="list">
        {socials.map((provider) => (
          <button
            key={provider}
            type="button"
            className="secondary"
            data-testid={`social-${provider}`}
            onClick={() => {
              // SOC-05: Farcaster signs in by its own flow, a link to scan instead of a provider's window.
              const login = socialProviderSchema.safeParse(provider)
              const attempt = login.success
                ? startSocialLogin(kit.context, login.data, mode, window)
                : startFarcasterLogin(kit.context)
              void attempt.catch(() => undefined)
            }}
          >
            {et('continueWith', { name: providerNames[provider] })}
          </button>
        ))}
      </div>
    </section>
  )
}
