import { useFeatureTexts } from '../../ui/useFeatureTexts.js'
import type { FeatureViews } from '../../ui/views/lazyFeature.js'
import { emailTexts } from '../texts/index.js'
import { ConnectingFarcasterView } from './ConnectingFarcasterView.js'
import { ConnectingSocialView } from './ConnectingSocialView.js'

export type SocialViewName = 'ConnectingSocial' | 'ConnectingFarcaster'

/** The social logins' views: a chunk of their own, loaded only when a social login begins or comes back. */
export const views: FeatureViews<SocialViewName> = {
  ConnectingSocial: ConnectingSocialView,
  ConnectingFarcaster: ConnectingFarcasterView,
}

export function ViewTitle({ view }: { view: SocialViewName }) {
  const ft = useFeatureTexts(emailTexts)
  return ft ? ft(`title.${view}`) : null
}
