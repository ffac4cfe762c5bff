import { goBack, replace } from '../controllers/router.js'
import { Spinner } from '../ui/components/Spinner.js'
import { useKit } from '../ui/kitContext.js'
import { useFeatureTexts } from '../ui/useFeatureTexts.js'
import type { SwapDraft } from './draft.js'
import { swapTexts } from './texts/index.js'
import { useSwapSetup } from './useSwapSetup.js'

/** The tokens of the network's DEX; choosing one sets that side of the swap and returns to it. */
export function SwapSelectTokenView({ data }: { data: { side: 'from' | 'to'; draft: SwapDraft } }) {
  const { kit, t } = useKit()
  const ft = useFeatureTexts(swapTexts)
  const setup = useSwapSetup()
  if (!ft || setup.status === 'loading') return <Spinner label={t('modal.loading')} />
  if (setup.status !== 'ready') return <p className="muted">{ft('unavailable')}</p>
  return (
    <ul className="list" style={{ width: '100%' }} data-testid="swap-tokens">
      {setup.tokens.map((token) => (
        <li key={token.address}>
          <button
            type="button"
            className="row"
            data-testid={`swap-token-${token.symbol}`}
            onClick={() => {
              goBack(kit.context)
              replace(kit.context, { view: 'Swap', data: { draft: { ...data.draft, [data.side]: token } } })
            }}
          >
            <span className="name">{token.symbol}</span>
            <span className="tag">{token.name}</span>
          </button>
        </li>
      ))}
    </ul>
  )
}
