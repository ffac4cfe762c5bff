import { defaultPaymentCurrency, defaultPurchaseCurrency } from '../state/onrampCurrencies.js'
import type { OnrampProviderOption, OnrampState } from './types.js'

/**
 * The providers the modal knows, by name: the sandbox served by the app's api (the default), and Meld and
 * Coinbase, which work only once the api is configured with the integrator's own keys.
 */
export const onrampProviderOptions: readonly OnrampProviderOption[] = [
  { label: 'Pairwise Sandbox', name: 'sandbox', feeRange: '1-2%', url: '', supportedChains: ['eip155'] },
  {
    label: 'Meld.io',
    name: 'meld',
    feeRange: '1-2%',
    url: 'https://meldcrypto.com',
    supportedChains: ['eip155', 'solana'],
  },
  { label: 'Coinbase', name: 'coinbase', feeRange: '1-2%', url: '', supportedChains: ['eip155'] },
]

export const initialOnrampState: OnrampState = {
  providers: [],
  selectedProvider: null,
  error: null,
  purchaseCurrency: defaultPurchaseCurrency,
  paymentCurrency: defaultPaymentCurrency,
  purchaseCurrencies: [defaultPurchaseCurrency],
  paymentCurrencies: [],
  quotesLoading: false,
  purchaseAmount: undefined,
  paymentAmount: undefined,
}
