import { componentCss } from '@pairwise/common/theme'
import { useEffect, useState } from 'react'
import { push } from '../controllers/router.js'
import { Picker } from '../ui/components/Picker.js'
import { Spinner } from '../ui/components/Spinner.js'
import { useAppState, useKit } from '../ui/kitContext.js'
import { useFeatureTexts } from '../ui/useFeatureTexts.js'
import { checkoutUrl } from './checkoutUrl.js'
import { openCheckoutWindow } from './checkoutWindow.js'
import { onrampProviderOptions } from './defaults.js'
import { type ConfiguredProviders, coinbaseCheckoutUrl, configuredProviders } from './externalProviders.js'
import {
  getOnrampQuote,
  loadOnrampOptions,
  onrampQuoteKey,
  onrampState,
  setOnrampProviders,
  setPaymentAmount,
  setPurchaseCurrency,
  setSelectedProvider,
} from './onrampController.js'
import { onrampStyles } from './onrampStyles.js'
import { typedPaymentAmount } from './paymentAmount.js'
import { OnrampError } from './provider.js'
import { onrampTexts } from './texts/index.js'
import type { OnrampQuote } from './types.js'
import { useOnrampProvider } from './useOnrampProvider.js'

/** How long typing must pause before a quote is asked for. */
export const quoteDebounceMs = 400

/**
 * Buy: the amount in the payment currency, the currency bought and the payment method, a quote as the
 * visitor types (the provider's refusal shown as it gives it, e.g. 'Minimum is 10.00 USD'), then the
 * provider's checkout in a 600×800 window and BuyInProgress.
 */
export function OnrampProvidersView() {
  const { kit, t } = useKit()
  const ft = useFeatureTexts(onrampTexts)
  const provider = useOnrampProvider()
  const state = useAppState(onrampState)
  const address = useAppState((s) => s.account.address)
  const network = useAppState((s) => s.activeNetwork)
  const [amount, setAmount] = useState('')
  const [method, setMethod] = useState('card')
  const [quote, setQuote] = useState<OnrampQuote | null>(null)
  const [failure, setFailure] = useState<string>()
  const [opening, setOpening] = useState(false)
  const [configured, setConfigured] = useState<ConfiguredProviders>()

  useEffect(() => {
    if (!provider) return
    setSelectedProvider(kit.context, onrampProviderOptions.find((each) => each.name === provider.id) ?? null)
    const api = kit.api
    const failed = (error: unknown) => setFailure(error instanceof Error ? error.message : String(error))
    loadOnrampOptions(kit.context, provider).catch(failed)
    if (!api) return
    let live = true
    configuredProviders(api)
      .then((found) => {
        if (!live) return
        setConfigured(found)
        setOnrampProviders(kit.context, found.names)
      })
      .catch(failed)
    return () => {
      live = false
    }
  }, [kit, provider])

  const currencyId = state.purchaseCurrency.id
  const quoteKey = onrampQuoteKey(state)
  const paymentAmount = typedPaymentAmount(amount, t.locale)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `quoteKey` names the currencies the controller reads from the store.
  useEffect(() => {
    setQuote(null)
    if (!provider || !address || !network || paymentAmount === undefined) return
    // Given up when any input changes, so a late answer for the last method, account or network is dropped.
    const asked = new AbortController()
    const timer = kit.context.clock.setTimeout(() => {
      setPaymentAmount(kit.context, Number(paymentAmount))
      void getOnrampQuote(
        kit.context,
        provider,
        { paymentMethod: method, caipNetworkId: network.caipNetworkId, address },
        asked.signal,
      ).then((answer) => !asked.signal.aborted && setQuote(answer))
    }, quoteDebounceMs)
    return () => {
      asked.abort()
      kit.context.clock.clearTimeout(timer)
    }
  }, [kit, provider, address, network, paymentAmount, method, quoteKey])

  if (!ft) return <Spinner label={t('modal.loading')} />
  if (!provider || !network?.caipNetworkId.startsWith('eip155:'))
    return <p className="muted">{ft('onramp.noProviders')}</p>

  const onContinue = () => {
    if (!quote || !address) return
    // Opened within the click, so no pop-up blocker holds it; the checkout's URL follows.
    const popup = openCheckoutWindow()
    if (!popup) return setFailure(ft('onramp.popupBlocked'))
    setOpening(true)
    const startedAt = Date.now()
    provider
      .createCheckout({
        quoteId: quote.quoteId,
        address,
        caipNetworkId: network.caipNetworkId,
        namespace: network.chainNamespace,
        purchaseCurrency: state.purchaseCurrency,
      })
      .then(({ url, orderId }) => {
        const allowed = checkoutUrl(url, kit.options.apiUrl)
        popup.show(allowed)
        push(kit.context, {
          view: 'BuyInProgress',
          data: { checkoutUrl: allowed, provider: provider.id, orderId, startedAt },
        })
      })
      .catch((error: unknown) => {
        popup.close()
        setFailure(error instanceof OnrampError || error instanceof Error ? error.message : String(error))
      })
      .finally(() => setOpening(false))
  }

  /** Meld and Coinbase quote and take payment in their own window; the modal only opens it. */
  const onExternal = (name: string) => {
    if (!address) return
    const popup = openCheckoutWindow()
    if (!popup) return setFailure(ft('onramp.popupBlocked'))
    const option = onrampProviderOptions.find((each) => each.name === name) ?? null
    const refused = (error: unknown) => {
      popup.close()
      setFailure(error instanceof Error ? error.message : String(error))
    }
    const opened = (url: string) => {
      const allowed = checkoutUrl(url, kit.options.apiUrl)
      popup.show(allowed)
      push(kit.context, {
        view: 'BuyInProgress',
        data: { checkoutUrl: allowed, provider: name, startedAt: Date.now() },
      })
    }
    if (name === 'meld' && configured?.meld && option) {
      setSelectedProvider(kit.context, { ...option, url: configured.meld.url }, configured.meld)
      try {
        return opened(onrampState(kit.store.get()).selectedProvider?.url ?? '')
      } catch (error) {
        return refused(error)
      }
    }
    const api = kit.api
    if (!api) return popup.close()
    coinbaseCheckoutUrl(api, {
      address,
      symbol: state.purchaseCurrency.symbol,
      amount: paymentAmount,
    })
      .then(opened)
      .catch(refused)
  }

  const external = state.providers.filter(
    (each) => each.name !== provider.id && each.supportedChains.includes(network.chainNamespace),
  )
  const limits = state.paymentCurrency.payment_method_limits
  return (
    <div className="form" data-testid="onramp-providers">
      <style>{componentCss}</style>
      <style>{onrampStyles}</style>
      <label className="field">
        {ft('onramp.amount', { currency: state.paymentCurrency.id })}
        <input
          className="input"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          placeholder="50"
          data-testid="onramp-amount"
          onChange={(event) => {
            setAmount(event.target.value.trim())
            setFailure(undefined)
          }}
        />
      </label>
      <Picker
        label={ft('onramp.currency')}
        testId="onramp-currency"
        value={currencyId}
        options={state.purchaseCurrencies.map((currency) => ({ value: currency.id, label: currency.symbol }))}
        onChange={(id) => {
          const chosen = state.purchaseCurrencies.find((each) => each.id === id)
          if (chosen) setPurchaseCurrency(kit.context, chosen)
        }}
      />
      <Picker
        label={ft('onramp.method')}
        testId="onramp-method"
        value={method}
        options={limits.map((limit) => ({
          value: limit.id,
          label:
            limit.id === 'card' || limit.id === 'ach_bank_account'
              ? ft(`onramp.method.${limit.id}`)
              : limit.id,
        }))}
        onChange={setMethod}
      />
      <p className="muted">
        {ft('onramp.provider')}: {state.selectedProvider?.label ?? provider.label} · {provider.feeRange}
      </p>
      {state.quotesLoading ? <p className="muted">{ft('onramp.quoting')}</p> : null}
      {quote && !state.quotesLoading ? (
        <div className="onramp-quote" data-testid="onramp-quote">
          <strong>
            {ft('onramp.youGet', {
              amount: quote.purchaseAmount.amount,
              symbol: quote.purchaseAmount.currency,
            })}
          </strong>
          <span className="muted">
            {ft('onramp.fees', {
              fees: quote.providerFee.amount,
              network: quote.networkFee.amount,
              currency: quote.paymentTotal.currency,
            })}
          </span>
        </div>
      ) : null}
      {(state.error && !state.quotesLoading) || failure ? (
        <p className="error" role="alert" data-testid="onramp-error">
          {failure ?? state.error}
        </p>
      ) : null}
      <button
        type="button"
        className="primary"
        data-testid="onramp-continue"
        disabled={!quote || state.quotesLoading || opening}
        onClick={onContinue}
      >
        {ft('onramp.continue')}
      </button>
      {external.length > 0 ? (
        <ul className="list" data-testid="onramp-other-providers">
          {external.map((option) => (
            <li key={option.name}>
              <button type="button" className="row" onClick={() => onExternal(option.name)}>
                <span className="name">{option.label}</span>
                <span className="tag">{option.feeRange}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
