import { useFeatureTexts } from '../../ui/useFeatureTexts.js'
import type { FeatureViews } from '../../ui/views/lazyFeature.js'
import { emailTexts } from '../texts/index.js'
import { ConnectingSocialView } from './ConnectingSocialView.js'

/** The social login's view: a chunk of its own, loaded only when a social login begins or comes back. */
export const views: FeatureViews<'ConnectingSocial'> = { ConnectingSocial: ConnectingSocialView }

export function ViewTitle({ view }: { view: 'ConnectingSocial' }) {
  const ft = useFeatureTexts(emailTexts)
  return ft ? ft(`title.${view}`) : null
}
