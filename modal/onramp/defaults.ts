import type { OnrampProviderOption, OnrampState, PaymentCurrency, PurchaseCurrency } from './types.js'

/** AppKit's default purchase currency: USD Coin on Ethereum and Polygon. */
export const defaultPurchaseCurrency: PurchaseCurrency = {
  id: '2b92315d-eab7-5bef-84fa-089a131333f5',
  name: 'USD Coin',
  symbol: 'USDC',
  networks: [
    {
      name: 'ethereum-mainnet',
      display_name: 'Ethereum',
      chain_id: '1',
      contract_address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    },
    {
      name: 'polygon-mainnet',
      display_name: 'Polygon',
      chain_id: '137',
      contract_address: '0x2791bca1f2de4661ed88a30c99a7a9449aa84174',
    },
  ],
}

/** ENT-08, ONR-08: AppKit's default payment currency, USD with its card and bank limits. */
export const defaultPaymentCurrency: PaymentCurrency = {
  id: 'USD',
  payment_method_limits: [
    { id: 'card', min: '10.00', max: '7500.00' },
    { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
  ],
}

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
