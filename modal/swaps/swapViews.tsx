import { useKit } from '../ui/kitContext.js'
import { useFeatureTexts } from '../ui/useFeatureTexts.js'
import type { FeatureViews } from '../ui/views/lazyFeature.js'
import { SwapPreviewView } from './SwapPreviewView.js'
import { SwapSelectTokenView } from './SwapSelectTokenView.js'
import { SwapView } from './SwapView.js'
import { swapTexts } from './texts/index.js'

export type SwapViewName = 'Swap' | 'SwapSelectToken' | 'SwapPreview'

/** The swap views: one chunk, loaded only when one of them is routed to. */
export const views: FeatureViews<SwapViewName> = {
  Swap: SwapView,
  SwapSelectToken: SwapSelectTokenView,
  SwapPreview: SwapPreviewView,
}

/** Their titles, from the feature's own texts. */
export function ViewTitle({ view }: { view: SwapViewName }) {
  const { t } = useKit()
  const ft = useFeatureTexts(swapTexts)
  return ft ? ft(`title.${view}`) : t('modal.loading')
}
