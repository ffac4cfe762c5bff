import { push } from '../controllers/router.js'
import { useKit } from '../ui/kitContext.js'
import { useFeatureTexts } from '../ui/useFeatureTexts.js'
import { swapTexts } from './texts/index.js'

/** Account's Swap entry, in apps with the swaps feature on and an api (it comes with the swap chunk). */
export function AccountSwap() {
  const { kit } = useKit()
  const ft = useFeatureTexts(swapTexts)
  if (!ft) return null
  return (
    <button
      type="button"
      className="secondary"
      data-testid="account-swap"
      onClick={() => push(kit.context, { view: 'Swap', data: {} })}
    >
      {ft('action.swap')}
    </button>
  )
}
