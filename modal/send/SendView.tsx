import { componentCss } from '@pairwise/common/theme'
import { type ReactNode, useEffect, useMemo, useState } from 'react'
import { formatUnits } from 'viem'
import { loadTokenBalances } from '../controllers/balances.js'
import { goBack } from '../controllers/router.js'
import type { Translate } from '../i18n/translate.js'
import type { CaipNetwork } from '../networks/types.js'
import { errorMessage } from '../ui/components/errorMessage.js'
import { Figure } from '../ui/components/Figure.js'
import { formatAmount } from '../ui/components/formatAmount.js'
import { Picker } from '../ui/components/Picker.js'
import { Spinner } from '../ui/components/Spinner.js'
import { useAppState, useKit } from '../ui/kitContext.js'
import { useFeatureTexts } from '../ui/useFeatureTexts.js'
import { type AmountIssue, checkAmount, maxAmount } from './amount.js'
import { TokenDecimalsError } from './decimals.js'
import type { Held } from './held.js'
import { type RecipientIssue, recipientFor } from './recipient.js'
import { refreshAfterSend } from './refresh.js'
import type { SendChain } from './sendChain.js'
import { runSend, type SendStatus } from './sendFlow.js'
import { type Review, type Stage, stageOn } from './stage.js'
import type { en } from './texts/en.js'
import { sendTexts } from './texts/index.js'
import { sendTokens, tokenKey } from './tokens.js'
import type { SendToken } from './transfer.js'
import { useSendChain } from './useSendChain.js'
import { useFee, useHeld, useRecipient } from './useSendReads.js'

type SendTranslate = Translate<keyof typeof en>
type FormValues = { token: string; amount: string; recipient: string }

/**
 * VIEW-07: the form (token, amount, recipient, fee), a review of what is about to be sent, then the wallet's
 * request and the wait for the receipt. Going back to the form keeps what was written.
 */
export function SendView() {
  const { kit, t } = useKit()
  const ft = useFeatureTexts(sendTexts)
  const network = useAppState((s) => s.activeNetwork)
  const chain = useSendChain()
  const [form, setForm] = useState<FormValues>({ token: 'native', amount: '', recipient: '' })
  const [staged, setStage] = useState<Stage>({ step: 'form' })
  if (!ft) return <Spinner label={t('modal.loading')} />
  if (!chain || !network) return <p className="muted">{ft('unavailable')}</p>
  const stage = stageOn(staged, chain)
  const send = (review: Review) => {
    const progress = (status: SendStatus) => setStage({ ...review, step: 'progress', status })
    progress({ phase: 'signing' })
    void runSend(review.chain, review.transfer, review.fee, progress).then((last) => {
      if (last.phase !== 'failed') void refreshAfterSend(kit.context, kit.api)
    })
  }
  return (
    <div className="center" data-testid="send">
      <style>{componentCss}</style>
      {stage.step === 'form' ? (
        <SendForm
          chain={chain}
          network={network}
          form={form}
          setForm={setForm}
          ft={ft}
          onReview={(review) => setStage({ step: 'review', ...review, chain, network })}
        />
      ) : stage.step === 'review' ? (
        <>
          <Summary review={stage} ft={ft} />
          <button type="button" className="primary" data-testid="send-confirm" onClick={() => send(stage)}>
            {ft('confirm')}
          </button>
          <button type="button" className="secondary" onClick={() => setStage({ step: 'form' })}>
            {ft('edit')}
          </button>
        </>
      ) : (
        <Progress
          stage={stage}
          ft={ft}
          onEdit={() => setStage({ step: 'form' })}
          onDone={() => goBack(kit.context)}
        />
      )}
    </div>
  )
}

function SendForm({
  chain,
  network,
  form,
  setForm,
  ft,
  onReview,
}: {
  chain: SendChain
  network: CaipNetwork
  form: FormValues
  setForm: (form: FormValues) => void
  ft: SendTranslate
  onReview: (review: Omit<Review, 'chain' | 'network'>) => void
}) {
  const { kit, t } = useKit()
  const balances = useAppState((s) => s.account.tokenBalance)
  useEffect(() => {
    if (kit.api && !balances) void loadTokenBalances(kit.context, kit.api)
  }, [kit, balances])
  const tokens = useMemo(() => sendTokens(network, balances), [network, balances])
  const native = tokens[0] as SendToken
  const token = tokens.find((choice) => tokenKey(choice) === form.token) ?? native
  const heldRead = useHeld(chain, token, native)
  const held = heldRead.status === 'done' ? heldRead.held : undefined
  const recipient = useRecipient(chain, form.recipient)
  const readRecipient = recipient?.recipient && recipientFor(recipient.recipient, token)
  const to = readRecipient?.ok ? readRecipient.address : chain.account
  const fee = useFee(chain, token, to, held)
  const feeValue = fee.status === 'done' ? fee.fee : undefined
  // Amounts are typed, checked and sent in the decimals the token's contract reports, never the list's.
  const limits = held && {
    decimals: held.token.decimals,
    parse: chain.parseUnits,
    locale: t.locale,
    balance: held.balance,
    nativeBalance: held.native,
    native: !token.contract,
    fee: feeValue?.cost,
  }
  const amount = limits ? checkAmount(form.amount, limits) : undefined
  const shown = (value: bigint, of: SendToken) =>
    `${formatAmount(formatUnits(value, of.decimals), t.locale)} ${of.symbol}`
  const amountIssue =
    held && amount && !amount.ok && form.amount.trim() !== ''
      ? amountIssueText(amount.issue, { ft, t, native, held, shown })
      : undefined
  const canReview = held && amount?.ok && readRecipient?.ok && feeValue !== undefined
  return (
    <form
      className="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (canReview && held && amount?.ok && readRecipient?.ok && feeValue !== undefined)
          onReview({
            transfer: { token: held.token, to: readRecipient.address, amount: amount.amount },
            fee: feeValue,
            name: readRecipient.name,
          })
      }}
    >
      <Picker
        label={ft('token')}
        testId="send-token"
        value={tokenKey(token)}
        options={tokens.map((choice) => ({
          value: tokenKey(choice),
          label: choice.symbol,
          detail: choice.name,
        }))}
        onChange={(key) => setForm({ ...form, token: key })}
      />
      <label className="field">
        {ft('amount')}
        <span className="input-row">
          <input
            className="input"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.0"
            data-testid="send-amount"
            value={form.amount}
            aria-invalid={amountIssue ? true : undefined}
            onChange={(event) => setForm({ ...form, amount: event.target.value })}
          />
          <button
            type="button"
            className="secondary"
            data-testid="send-max"
            disabled={!held || (!token.contract && feeValue === undefined)}
            onClick={() => limits && setForm({ ...form, amount: maxAmount(limits) })}
          >
            {ft('max')}
          </button>
        </span>
      </label>
      {heldRead.status === 'failed' ? (
        <p className="error" role="alert" data-testid="send-balance-error">
          {failureText(heldRead.error, ft, t)}
        </p>
      ) : (
        <span className="muted" data-testid="send-balance">
          {held
            ? withFigure(
                ft('balance', {
                  amount: formatAmount(formatUnits(held.balance, held.token.decimals), t.locale),
                  symbol: held.token.symbol,
                }),
                shown(held.balance, held.token),
              )
            : t('account.loading')}
        </span>
      )}
      {amountIssue ? (
        <p className="error" role="alert" data-testid="send-amount-error">
          {amountIssue}
        </p>
      ) : null}
      <label className="field">
        {ft('recipient')}
        <input
          className="input"
          autoComplete="off"
          spellCheck={false}
          placeholder={ft('recipientPlaceholder')}
          data-testid="send-recipient"
          value={form.recipient}
          aria-invalid={readRecipient?.ok === false ? true : undefined}
          onChange={(event) => setForm({ ...form, recipient: event.target.value })}
        />
      </label>
      {readRecipient?.ok === false ? (
        <p className="error" role="alert" data-testid="send-recipient-error">
          {recipientIssueText(readRecipient.issue, ft, network)}
        </p>
      ) : readRecipient?.ok && readRecipient.name ? (
        <p className="muted" data-testid="send-resolved">
          {ft('resolved', { name: readRecipient.name, address: readRecipient.address })}
        </p>
      ) : !recipient && form.recipient.includes('.') ? (
        <p className="muted">{ft('resolving', { name: form.recipient.trim() })}</p>
      ) : null}
      <p className="muted" data-testid="send-fee">
        {`${ft('fee')}: `}
        {fee.status === 'done' ? (
          <Figure>{shown(fee.fee.cost, native)}</Figure>
        ) : fee.status === 'failed' ? (
          errorMessage(fee.error, t)
        ) : (
          ft('feeEstimating')
        )}
      </p>
      <button type="submit" className="primary" data-testid="send-review" disabled={!canReview}>
        {ft('review')}
      </button>
    </form>
  )
}

/**
 * `text` with `figure` (an amount and its symbol, as the texts put it) isolated left to right where it occurs:
 * right-to-left text would otherwise put the symbol before the number ("tETH 10").
 */
function withFigure(text: string, figure: string): ReactNode {
  const at = text.indexOf(figure)
  if (at < 0) return text
  return (
    <>
      {text.slice(0, at)}
      <Figure>{figure}</Figure>
      {text.slice(at + figure.length)}
    </>
  )
}

/** What a view says about a failed read or send: a token that cannot be sent in words of the send feature. */
function failureText(error: unknown, ft: SendTranslate, t: Translate): string {
  return error instanceof TokenDecimalsError
    ? ft('issue.decimalsUnconfirmed', { symbol: error.symbol })
    : errorMessage(error, t)
}

function amountIssueText(
  issue: AmountIssue,
  {
    ft,
    t,
    native,
    held,
    shown,
  }: {
    ft: SendTranslate
    t: Translate
    native: SendToken
    held: Held
    shown: (value: bigint, of: SendToken) => string
  },
): string {
  const { token } = held
  switch (issue.kind) {
    case 'invalid':
      return errorMessage(issue.error, t)
    case 'missing':
      return ft('issue.missing')
    case 'tooManyDecimals':
      return ft('issue.tooManyDecimals', { symbol: token.symbol, decimals: issue.decimals })
    case 'overBalance':
      return ft('issue.overBalance', { symbol: token.symbol, balance: shown(held.balance, token) })
    case 'overBalanceWithFee':
      return ft('issue.overBalanceWithFee', { symbol: native.symbol, fee: shown(issue.fee, native) })
    case 'noFeeFunds':
      return ft('issue.noFeeFunds', { symbol: native.symbol, fee: shown(issue.fee, native) })
  }
}

function recipientIssueText(issue: RecipientIssue, ft: SendTranslate, network: CaipNetwork): string {
  switch (issue.kind) {
    case 'invalid':
    case 'checksum':
    case 'zeroAddress':
      return ft(`issue.${issue.kind}`)
    case 'tokenContract':
      return ft('issue.tokenContract', { symbol: issue.symbol })
    case 'namesUnsupported':
      return ft('issue.namesUnsupported', { network: network.name })
    case 'notFound':
    case 'lookupFailed':
      return ft(`issue.${issue.kind}`, { name: issue.name })
  }
}

function Summary({ review, ft }: { review: Review; ft: SendTranslate }) {
  const { t } = useKit()
  const { transfer, fee, name } = review
  const { nativeCurrency } = review.network
  return (
    <dl className="facts" data-testid="send-summary">
      <dt>{ft('amount')}</dt>
      <dd>
        <Figure>{`${formatAmount(formatUnits(transfer.amount, transfer.token.decimals), t.locale)} ${transfer.token.symbol}`}</Figure>
      </dd>
      <dt>{ft('recipient')}</dt>
      <dd>{name ? `${name} (${transfer.to})` : transfer.to}</dd>
      <dt>{ft('fee')}</dt>
      <dd>
        <Figure>{`${formatAmount(formatUnits(fee.cost, nativeCurrency.decimals), t.locale)} ${nativeCurrency.symbol}`}</Figure>
      </dd>
    </dl>
  )
}

function Progress({
  stage,
  ft,
  onEdit,
  onDone,
}: {
  stage: Review & { status: SendStatus }
  ft: SendTranslate
  onEdit: () => void
  onDone: () => void
}) {
  const { t } = useKit()
  const { status, transfer, network } = stage
  const hash = status.phase === 'signing' ? undefined : status.hash
  const explorer = network.blockExplorers?.default.url.replace(/\/$/, '')
  const replaced =
    status.phase === 'pending'
      ? status.replaced
      : status.phase === 'success'
        ? status.replaced
        : status.phase === 'replaced'
          ? status.reason
          : undefined
  const sent = `${formatAmount(formatUnits(transfer.amount, transfer.token.decimals), t.locale)}`
  return (
    <>
      <Summary review={stage} ft={ft} />
      <output className="center" data-testid="send-status" data-phase={status.phase}>
        {status.phase === 'signing' || status.phase === 'pending' ? (
          <div className="spinner" aria-hidden="true" />
        ) : null}
        <span className={status.phase === 'failed' ? 'error' : undefined}>
          {status.phase === 'signing'
            ? ft('status.signing')
            : status.phase === 'pending'
              ? ft('status.pending')
              : status.phase === 'success'
                ? ft('status.success', { amount: sent, symbol: transfer.token.symbol })
                : status.phase === 'failed'
                  ? `${ft('status.failed')} ${failureText(status.error, ft, t)}`
                  : null}
        </span>
      </output>
      {replaced ? (
        <p className="tag" data-testid="send-replaced" data-reason={replaced}>
          {ft(`replaced.${replaced}`)}
        </p>
      ) : null}
      {hash ? (
        <p className="uri" data-testid="send-hash">
          {explorer ? (
            <a href={`${explorer}/tx/${hash}`} target="_blank" rel="noopener noreferrer">
              {`${ft('transaction')}: ${hash}`}
            </a>
          ) : (
            `${ft('transaction')}: ${hash}`
          )}
        </p>
      ) : null}
      {status.phase === 'failed' ? (
        <button type="button" className="secondary" onClick={onEdit}>
          {ft('tryAgain')}
        </button>
      ) : null}
      {status.phase === 'success' || status.phase === 'replaced' || status.phase === 'failed' ? (
        <button type="button" className="primary" data-testid="send-done" onClick={onDone}>
          {ft('done')}
        </button>
      ) : null}
    </>
  )
}
