import type { ModalContext } from '../controllers/context.js'
import type { AppState } from '../state/types.js'
import { initialOnrampState, onrampProviderOptions } from './defaults.js'
import { meldUrl } from './meldUrl.js'
import type { OnrampProvider } from './provider.js'
import type {
  OnrampProviderOption,
  OnrampQuote,
  OnrampState,
  PaymentCurrency,
  PurchaseCurrency,
} from './types.js'

/** The onramp state of one modal instance (kept in its store; the defaults until first used). */
export function onrampState(state: AppState): OnrampState {
  return state.onramp ?? initialOnrampState
}

function setOnramp(ctx: ModalContext, patch: Partial<OnrampState>): void {
  ctx.store.set(({ onramp }) => ({ onramp: { ...(onramp ?? initialOnrampState), ...patch } }))
}

/** ONR-04: the providers named by `value`, an array of strings; anything else gives none. */
export function setOnrampProviders(ctx: ModalContext, value: unknown): void {
  const names =
    Array.isArray(value) && value.every((item): item is string => typeof item === 'string') ? value : []
  setOnramp(ctx, { providers: onrampProviderOptions.filter((option) => names.includes(option.name)) })
}

/**
 * ONR-05, ONR-06, ONR-07: the chosen provider; Meld's URL gains the integrator's public key, the
 * destination currency, the connected address and the project id.
 */
export function setSelectedProvider(
  ctx: ModalContext,
  provider: OnrampProviderOption | null,
  meld: { publicKey: string } = { publicKey: '' },
): void {
  if (provider?.name !== 'meld') {
    setOnramp(ctx, { selectedProvider: provider })
    return
  }
  const { account, activeChain } = ctx.store.get()
  const url = meldUrl(provider.url, {
    publicKey: meld.publicKey,
    namespace: activeChain,
    address: account.address ?? '',
    projectId: ctx.options.projectId ?? '',
  })
  setOnramp(ctx, { selectedProvider: { ...provider, url } })
}

export function setPaymentAmount(ctx: ModalContext, amount: number | undefined): void {
  setOnramp(ctx, { paymentAmount: amount, purchaseAmount: undefined, error: null })
}

export function setPurchaseCurrency(ctx: ModalContext, currency: PurchaseCurrency): void {
  setOnramp(ctx, { purchaseCurrency: currency, purchaseAmount: undefined, error: null })
}

export function setPaymentCurrency(ctx: ModalContext, currency: PaymentCurrency): void {
  setOnramp(ctx, { paymentCurrency: currency, purchaseAmount: undefined, error: null })
}

/**
 * ONR-01: the provider's currencies fill purchaseCurrencies and paymentCurrencies; the first of each
 * becomes the current one unless the current one is among them.
 */
export async function loadOnrampOptions(ctx: ModalContext, provider: OnrampProvider): Promise<void> {
  const { purchaseCurrencies, paymentCurrencies } = await provider.getOptions()
  const current = onrampState(ctx.store.get())
  const keep = <C extends { id: string }>(chosen: C, offered: C[]) =>
    offered.find((each) => each.id === chosen.id) ?? offered[0] ?? chosen
  setOnramp(ctx, {
    purchaseCurrencies,
    paymentCurrencies,
    purchaseCurrency: keep(current.purchaseCurrency, purchaseCurrencies),
    paymentCurrency: keep(current.paymentCurrency, paymentCurrencies),
  })
}

/**
 * Names the currencies getOnrampQuote reads from the store: another one needs another quote. The payment
 * currency changes under an open view when the provider's options leave out the current one (loadOnrampOptions).
 */
export function onrampQuoteKey(state: OnrampState): string {
  return `${state.purchaseCurrency.id}/${state.paymentCurrency.id}`
}

/**
 * ONR-02, ONR-03: quotesLoading while the provider is asked for the current currencies and amount (as
 * text, with the purchase currency's symbol as network); then purchaseAmount from the answer, or error
 * set to the failure's message, unless the amount or a currency changed meanwhile or the caller gave the
 * quote up (`signal`: another payment method, account or network asked for). Giving it up ends loading at
 * once: the next quote asked sets it again. Resolves to the quote, or null when it failed.
 */
export async function getOnrampQuote(
  ctx: ModalContext,
  provider: OnrampProvider,
  target: { paymentMethod: string; caipNetworkId: string; address: string },
  signal?: AbortSignal,
): Promise<OnrampQuote | null> {
  const state = onrampState(ctx.store.get())
  setOnramp(ctx, { quotesLoading: true, error: null })
  const giveUp = () => setOnramp(ctx, { quotesLoading: false })
  signal?.addEventListener('abort', giveUp)
  // An answer for an amount or currency changed since is the previous request's: a later one owns the state.
  // Currencies are told apart by id, as onrampQuoteKey names them: the provider's options arriving meanwhile
  // bring the same currencies as other objects, and no later request comes to end the loading.
  const current = () => {
    const now = onrampState(ctx.store.get())
    return (
      !signal?.aborted &&
      now.paymentAmount === state.paymentAmount &&
      onrampQuoteKey(now) === onrampQuoteKey(state)
    )
  }
  try {
    const quote = await provider.getQuote({
      purchaseCurrency: state.purchaseCurrency,
      paymentCurrency: state.paymentCurrency,
      paymentMethod: target.paymentMethod,
      amount: state.paymentAmount?.toString() ?? '0',
      network: state.purchaseCurrency.symbol,
      caipNetworkId: target.caipNetworkId,
      address: target.address,
    })
    if (current())
      setOnramp(ctx, { quotesLoading: false, purchaseAmount: Number(quote.purchaseAmount.amount) })
    return quote
  } catch (error) {
    if (current())
      setOnramp(ctx, { quotesLoading: false, purchaseAmount: undefined, error: errorText(error) })
    return null
  } finally {
    signal?.removeEventListener('abort', giveUp)
  }
}

const errorText = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Error')
