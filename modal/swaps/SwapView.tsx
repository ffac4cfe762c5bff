import { componentCss } from '@pairwise/common/theme'
import { useMemo } from 'react'
import { formatUnits } from 'viem'
import { push, replace } from '../controllers/router.js'
import { formatAmount } from '../ui/components/formatAmount.js'
import { Spinner } from '../ui/components/Spinner.js'
import { useKit } from '../ui/kitContext.js'
import { useFeatureTexts } from '../ui/useFeatureTexts.js'
import { draftOn, type ReadyDraft, type SwapDraft, typedSlippageBps } from './draft.js'
import { draftParams } from './draftParams.js'
import { failureText } from './failureText.js'
import { swapTexts } from './texts/index.js'
import type { SwapToken } from './types.js'
import { useQuote } from './useQuote.js'
import { useSwapSetup, useTokenBalance } from './useSwapSetup.js'

export const shown = (amount: bigint, token: SwapToken, locale: string) =>
  formatAmount(formatUnits(amount, token.decimals), locale)

/**
 * Swap: the token paid and its amount, the token received with its live quote (every 10 s), the slippage
 * (1 % by default) and the approval's extent, then the preview.
 */
export function SwapView({ data }: { data: { draft?: SwapDraft } }) {
  const { kit, t } = useKit()
  const ft = useFeatureTexts(swapTexts)
  const setup = useSwapSetup()
  const ready = setup.status === 'ready' ? setup : undefined
  const draft = useMemo(() => draftOn(data.draft, ready?.tokens ?? []), [data.draft, ready])
  const balance = useTokenBalance(ready?.wallet, draft.from)
  const checked = ready ? draftParams(draft, ready.wallet, balance, t.locale) : { issue: 'none' as const }
  const params = 'params' in checked ? checked.params : undefined
  const quote = useQuote(ready, params)
  if (!ft || setup.status === 'loading') return <Spinner label={t('modal.loading')} />
  if (!ready) return <p className="muted">{ft('unavailable')}</p>
  const edit = (patch: Partial<SwapDraft>) =>
    replace(kit.context, { view: 'Swap', data: { draft: { ...draft, ...patch } } })
  const choose = (side: 'from' | 'to') =>
    push(kit.context, { view: 'SwapSelectToken', data: { side, draft } })
  const issue = 'issue' in checked && checked.issue !== 'none' ? checked.issue : undefined
  return (
    <div className="form" data-testid="swap">
      <style>{componentCss}</style>
      <label className="field">
        {ft('from')}
        <span className="input-row">
          <input
            className="input"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.0"
            data-testid="swap-amount"
            value={draft.amount}
            onChange={(event) => edit({ amount: event.target.value })}
          />
          <button type="button" className="secondary" data-testid="swap-from" onClick={() => choose('from')}>
            {draft.from?.symbol ?? ft('selectToken')}
          </button>
        </span>
      </label>
      {draft.from && balance !== undefined ? (
        <p className="muted" data-testid="swap-balance">
          {ft('balance', { amount: shown(balance, draft.from, t.locale), symbol: draft.from.symbol })}
        </p>
      ) : null}
      <label className="field">
        {ft('to')}
        <span className="input-row">
          <output className="input" data-testid="swap-quote">
            {quote.quote && draft.to
              ? shown(quote.quote.toAmount, draft.to, t.locale)
              : quote.loading
                ? ft('quoting')
                : '—'}
          </output>
          <button type="button" className="secondary" data-testid="swap-to" onClick={() => choose('to')}>
            {draft.to?.symbol ?? ft('selectToken')}
          </button>
        </span>
      </label>
      <label className="field">
        {ft('slippage')}
        <input
          className="input"
          type="text"
          inputMode="decimal"
          data-testid="swap-slippage"
          defaultValue={String(draft.slippageBps / 100)}
          onChange={(event) => edit({ slippageBps: typedSlippageBps(event.target.value, t.locale) })}
        />
      </label>
      <label className="check">
        <input
          type="checkbox"
          data-testid="swap-unlimited"
          checked={draft.unlimited}
          onChange={(event) => edit({ unlimited: event.target.checked })}
        />
        {ft('unlimited')}
      </label>
      {issue ? (
        <p className="error" role="alert" data-testid="swap-issue">
          {issue === 'balance'
            ? ft('issue.balance', {
                symbol: draft.from?.symbol ?? '',
                balance: draft.from && balance !== undefined ? shown(balance, draft.from, t.locale) : '',
              })
            : issue === 'decimals'
              ? ft('issue.decimals', {
                  symbol: draft.from?.symbol ?? '',
                  decimals: draft.from?.decimals ?? 0,
                })
              : ft(`issue.${issue}`)}
        </p>
      ) : quote.error ? (
        <p className="error" role="alert" data-testid="swap-issue">
          {failureText(ft, quote.error, {
            from: draft.from?.symbol,
            to: draft.to?.symbol,
            slippageBps: draft.slippageBps,
          })}
        </p>
      ) : null}
      <button
        type="button"
        className="primary"
        data-testid="swap-review"
        disabled={!params || !quote.quote}
        onClick={() => push(kit.context, { view: 'SwapPreview', data: { draft: draft as ReadyDraft } })}
      >
        {ft('review')}
      </button>
    </div>
  )
}
