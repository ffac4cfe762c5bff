import { push } from '../controllers/router.js'
import { useKit } from '../ui/kitContext.js'
import { useFeatureTexts } from '../ui/useFeatureTexts.js'
import { onrampTexts } from './texts/index.js'

/** Account's Buy entry, in apps with the onramp feature on and an api (it comes with the onramp chunk). */
export function AccountOnramp() {
  const { kit } = useKit()
  const ft = useFeatureTexts(onrampTexts)
  if (!ft) return null
  return (
    <button
      type="button"
      className="secondary"
      data-testid="account-buy"
      onClick={() => push(kit.context, { view: 'OnrampProviders' })}
    >
      {ft('onramp.buy')}
    </button>
  )
}
