import { useFeatureTexts } from '../ui/useFeatureTexts.js'
import type { FeatureViews } from '../ui/views/lazyFeature.js'
import { ReceiveView } from './ReceiveView.js'
import { SendView } from './SendView.js'
import { sendTexts } from './texts/index.js'

export type SendViewName = 'Send' | 'Receive'

/** Account's Send and Receive: one chunk, loaded when either is first opened. */
export const views: FeatureViews<SendViewName> = { Send: SendView, Receive: ReceiveView }

export function ViewTitle({ view }: { view: SendViewName }) {
  const ft = useFeatureTexts(sendTexts)
  return ft ? ft(`title.${view}`) : null
}
