import { useKit } from '../ui/kitContext.js'
import { useFeatureTexts } from '../ui/useFeatureTexts.js'
import type { FeatureViews } from '../ui/views/lazyFeature.js'
import { RegisterAccountNameSuccessView } from './RegisterAccountNameSuccessView.js'
import { RegisterAccountNameView } from './RegisterAccountNameView.js'
import { namesTexts } from './texts/index.js'

export type NamesViewName = 'RegisterAccountName' | 'RegisterAccountNameSuccess'

/** The names views: one chunk, loaded only when one of them is routed to. */
export const views: FeatureViews<NamesViewName> = {
  RegisterAccountName: RegisterAccountNameView,
  RegisterAccountNameSuccess: RegisterAccountNameSuccessView,
}

const titleKeys = {
  RegisterAccountName: 'names.title.register',
  RegisterAccountNameSuccess: 'names.title.success',
} as const

/** Their titles, from the feature's own texts. */
export function ViewTitle({ view }: { view: NamesViewName }) {
  const { t } = useKit()
  const ft = useFeatureTexts(namesTexts)
  return ft ? ft(titleKeys[view]) : t('modal.loading')
}
