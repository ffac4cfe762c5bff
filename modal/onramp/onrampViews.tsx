import { useKit } from '../ui/kitContext.js'
import { useFeatureTexts } from '../ui/useFeatureTexts.js'
import type { FeatureViews } from '../ui/views/lazyFeature.js'
import { BuyInProgressView } from './BuyInProgressView.js'
import { OnrampActivityView } from './OnrampActivityView.js'
import { OnrampProvidersView } from './OnrampProvidersView.js'
import { onrampTexts } from './texts/index.js'

export type OnrampViewName = 'OnrampProviders' | 'BuyInProgress' | 'OnrampActivity'

/** The onramp views: one chunk, loaded only when one of them is routed to. */
export const views: FeatureViews<OnrampViewName> = {
  OnrampProviders: OnrampProvidersView,
  BuyInProgress: BuyInProgressView,
  OnrampActivity: OnrampActivityView,
}

const titleKeys = {
  OnrampProviders: 'onramp.title.providers',
  BuyInProgress: 'onramp.title.inProgress',
  OnrampActivity: 'onramp.title.activity',
} as const

/** Their titles, from the feature's own texts. */
export function ViewTitle({ view }: { view: OnrampViewName }) {
  const { t } = useKit()
  const ft = useFeatureTexts(onrampTexts)
  return ft ? ft(titleKeys[view]) : t('modal.loading')
}
