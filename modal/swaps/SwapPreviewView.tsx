import { componentCss } from '@pairwise/common/theme'
import { useEffect, useState } from 'react'
import { reset } from '../controllers/router.js'
import { refreshAfterSend } from '../send/refresh.js'
import { Figure } from '../ui/components/Figure.js'
import { formatAmount } from '../ui/components/formatAmount.js'
import { Spinner } from '../ui/components/Spinner.js'
import { useKit } from '../ui/kitContext.js'
import { useFeatureTexts } from '../ui/useFeatureTexts.js'
import { approvalNotice } from './approvalNotice.js'
import { draftListed, type ReadyDraft } from './draft.js'
import { draftParams } from './draftParams.js'
import { failureText } from './failureText.js'
import { shown } from './SwapView.js'
import { acceptedFor, executeSwap, type SwapResult, type SwapStep, withinSlippage } from './swapFlow.js'
import { swapTexts } from './texts/index.js'
import { isNativeToken, type SwapQuote } from './types.js'
import { useQuote } from './useQuote.js'
import { useSwapSetup } from './useSwapSetup.js'

type Progress =
  | { state: 'idle' }
  | { state: 'working'; step: SwapStep['step'] }
  | { state: 'failed'; error: unknown }
  | { state: 'done'; result: SwapResult }

/**
 * SwapPreview: the quote the visitor accepts (minimum received, price impact, pool fee, route, whether an
 * approval comes first), quoted again every 10 s. A new quote within the accepted slippage replaces it; one
 * past it is held back until the visitor takes it. One accepted before the visitor switched account or
 * network in the wallet is no longer shown. Confirm runs executeSwap: nothing reaches the wallet
 * for an expired quote, a price moved past the slippage or a call that would revert.
 */
export function SwapPreviewView({ data }: { data: { draft: ReadyDraft } }) {
  const { kit, t } = useKit()
  const ft = useFeatureTexts(swapTexts)
  const setup = useSwapSetup()
  const ready = setup.status === 'ready' ? setup : undefined
  const { draft } = data
  // A draft of the network before a switch in the wallet is neither quoted nor shown on this one.
  const checked =
    ready && draftListed(draft, ready.tokens)
      ? draftParams(draft, ready.wallet, undefined, t.locale)
      : undefined
  const params = checked && 'params' in checked ? checked.params : undefined
  const live = useQuote(ready, params)
  const [taken, setTaken] = useState<SwapQuote>()
  const [moved, setMoved] = useState<SwapQuote>()
  const [allowance, setAllowance] = useState<bigint>()
  const [progress, setProgress] = useState<Progress>({ state: 'idle' })
  // A swap under way goes on with the quote it was confirmed with, whatever the wallet switched to meanwhile.
  const accepted = progress.state === 'working' ? taken : acceptedFor(taken, params)

  // Only a new quote decides; the accepted quote and the progress change because of it. A quote accepted for
  // the wallet before a switch is already dropped (acceptedFor), so the new wallet's first quote is taken.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above.
  useEffect(() => {
    const fresh = live.quote
    if (!fresh || progress.state === 'working' || progress.state === 'done') return
    if (!accepted || withinSlippage(accepted, fresh)) {
      setTaken(fresh)
      setMoved(undefined)
    } else setMoved(fresh)
  }, [live.quote])

  const spender = accepted?.spender
  useEffect(() => {
    // The last wallet's or spender's allowance says nothing of this one's: unknown until read.
    setAllowance(undefined)
    if (!ready || !spender || isNativeToken(draft.from)) return
    let on = true
    ready.provider
      .getAllowance({
        chainId: ready.wallet.chainId,
        token: draft.from.address,
        owner: ready.wallet.account,
        spender,
      })
      .then(
        (value) => on && setAllowance(value),
        () => {},
      )
    return () => {
      on = false
    }
  }, [ready, spender, draft.from])

  if (!ft || setup.status === 'loading') return <Spinner label={t('modal.loading')} />
  if (!ready) return <p className="muted">{ft('unavailable')}</p>
  const context = { from: draft.from.symbol, to: draft.to.symbol, slippageBps: draft.slippageBps }
  if (progress.state === 'done') {
    const { quote, hash } = progress.result
    return (
      <div className="form" data-testid="swap-success">
        <style>{componentCss}</style>
        <output>
          {ft('status.success', {
            fromAmount: shown(BigInt(quote.params.amount), draft.from, t.locale),
            from: draft.from.symbol,
            toAmount: shown(quote.toAmount, draft.to, t.locale),
            to: draft.to.symbol,
          })}
        </output>
        <p className="muted" data-testid="swap-hash" title={hash}>
          {ft('transaction')}: {hash.slice(0, 10)}…{hash.slice(-8)}
        </p>
        <button type="button" className="primary" onClick={() => reset(kit.context, { view: 'Account' })}>
          {ft('done')}
        </button>
      </div>
    )
  }
  // A swap under way shows with the quote it was confirmed with; none is taken without this network's params.
  if (!accepted)
    return !params ? (
      <p className="muted">{ft('unavailable')}</p>
    ) : live.error ? (
      <p className="error" role="alert" data-testid="swap-failure">
        {failureText(ft, live.error, context)}
      </p>
    ) : (
      <Spinner label={ft('quoting')} />
    )
  const amount = BigInt(accepted.params.amount)
  const needsApproval = !isNativeToken(draft.from) && allowance !== undefined && allowance < amount
  const confirm = () => {
    setProgress({ state: 'working', step: 'swapping' })
    executeSwap({
      provider: ready.provider,
      wallet: ready.wallet,
      accepted,
      unlimited: draft.unlimited,
      now: () => Date.now(),
      onStep: (step) => setProgress({ state: 'working', step: step.step }),
    }).then(
      (result) => {
        setProgress({ state: 'done', result })
        void refreshAfterSend(kit.context, kit.api)
      },
      (error: unknown) => setProgress({ state: 'failed', error }),
    )
  }
  const working = progress.state === 'working'
  return (
    <div className="form" data-testid="swap-preview">
      <style>{componentCss}</style>
      <dl className="facts">
        <dt>{ft('from')}</dt>
        <dd data-testid="preview-from">
          <Figure>{`${shown(amount, draft.from, t.locale)} ${draft.from.symbol}`}</Figure>
        </dd>
        <dt>{ft('to')}</dt>
        <dd data-testid="preview-to">
          <Figure>{`${shown(accepted.toAmount, draft.to, t.locale)} ${draft.to.symbol}`}</Figure>
        </dd>
        <dt>{ft('minReceived')}</dt>
        <dd data-testid="preview-min">
          <Figure>{`${shown(accepted.minToAmount, draft.to, t.locale)} ${draft.to.symbol}`}</Figure>
        </dd>
        {accepted.priceImpactBps === undefined ? null : (
          <>
            <dt>{ft('priceImpact')}</dt>
            <dd data-testid="preview-impact">
              {formatAmount(String(accepted.priceImpactBps / 100), t.locale)} %
            </dd>
          </>
        )}
        {accepted.fees.map((fee) => (
          <FeeRow
            key={fee.label}
            label={ft('poolFee')}
            value={`${shown(fee.amount, fee.token, t.locale)} ${fee.token.symbol}`}
          />
        ))}
        <dt>{ft('route')}</dt>
        <dd>{routeText(accepted, draft)}</dd>
        <dt>{ft('slippage')}</dt>
        <dd data-testid="preview-slippage">{formatAmount(String(draft.slippageBps / 100), t.locale)} %</dd>
      </dl>
      {needsApproval ? (
        <p className="muted" data-testid="swap-approval-needed">
          {approvalNotice(ft, draft, shown(amount, draft.from, t.locale))}
        </p>
      ) : null}
      {working ? (
        <output data-testid="swap-status">
          {ft(`status.${progress.step}`, { symbol: draft.from.symbol })}
        </output>
      ) : null}
      {progress.state === 'failed' ? (
        <p className="error" role="alert" data-testid="swap-failure">
          {failureText(ft, progress.error, context)}
        </p>
      ) : moved ? (
        <p className="error" role="alert" data-testid="swap-failure">
          {ft('failure.priceMoved', { slippage: draft.slippageBps / 100 })}
        </p>
      ) : null}
      {moved ? (
        <button
          type="button"
          className="secondary"
          data-testid="swap-accept-new"
          onClick={() => {
            setTaken(moved)
            setMoved(undefined)
            setProgress({ state: 'idle' })
          }}
        >
          {ft('acceptNew')}
        </button>
      ) : null}
      <button
        type="button"
        className="primary"
        data-testid="swap-confirm"
        disabled={working}
        onClick={confirm}
      >
        {ft('confirm')}
      </button>
    </div>
  )
}

function FeeRow({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>
        <Figure>{value}</Figure>
      </dd>
    </>
  )
}

/**
 * The route by symbols: the ends are the draft's tokens, a middle hop is the wrapped native coin. Joined by ›,
 * which every text face has, where → (U+2192) fell back to whichever font the system had.
 */
function routeText(quote: SwapQuote, draft: ReadyDraft): string {
  return quote.route
    .map((_, i) => (i === 0 ? draft.from.symbol : i === quote.route.length - 1 ? draft.to.symbol : 'WETH'))
    .join(' › ')
}
